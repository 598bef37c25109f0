import type { Page as LandingPage } from '@app/contract/marketing/pages';
import { $currentRoute, AppLink, EmptyState, LoadStatus, Page, useLoad } from '@app/shared';
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { type PageApi, pageApi } from './api.ts';

/** A screen about the page of the route's `:id`: loaded (with its loading and failure states), then `children`. */
export function PageOfRoute({
  title,
  children,
}: {
  title: string;
  children: (api: PageApi, page: LandingPage, reload: () => void) => ReactNode;
}) {
  const id = useStore($currentRoute)?.params.id ?? '';
  const api = pageApi();
  const loaded = useLoad(() => api.get(id), [api, id]);
  return (
    <Page title={loaded.data?.name ?? title} description={<AppLink to="/page">All pages</AppLink>}>
      <LoadStatus
        loaded={loaded}
        lines={4}
        loading="Loading the page ..."
        failed="The page could not be loaded"
      />
      {loaded.error && !loaded.data ? (
        <EmptyState title="No such page">It may have been deleted. Go back to all pages.</EmptyState>
      ) : null}
      {loaded.data ? children(api, loaded.data, loaded.reload) : null}
    </Page>
  );
}
