import type { Template } from '@app/contract/marketing/templates';
import { $currentRoute, AppLink, EmptyState, LoadStatus, Page, useLoad } from '@app/shared';
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { type TemplateApi, templateApi } from './api.ts';
import { templateListHref, templateListOf } from './template-query.ts';

/** A screen about the template of the route's `:id`: loaded (with its loading and failure states), then `children`. */
export function TemplateOfRoute({
  title,
  children,
}: {
  title: string;
  children: (api: TemplateApi, template: Template) => ReactNode;
}) {
  const id = useStore($currentRoute)?.params.id ?? '';
  const api = templateApi();
  const loaded = useLoad(() => api.get(id), [api, id]);
  const back = templateListHref({ ...templateListOf(''), type: loaded.data?.type ?? 'email' });
  return (
    <Page title={loaded.data?.name ?? title} description={<AppLink to={back}>All templates</AppLink>}>
      <LoadStatus
        loaded={loaded}
        lines={4}
        loading="Loading the template ..."
        failed="The template could not be loaded"
      />
      {loaded.error && !loaded.data ? (
        <EmptyState title="No such template">It may have been deleted. Go back to all templates.</EmptyState>
      ) : null}
      {loaded.data ? children(api, loaded.data) : null}
    </Page>
  );
}
