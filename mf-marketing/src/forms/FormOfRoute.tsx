import type { Form } from '@app/contract/marketing/forms';
import { $currentRoute, AppLink, LoadStatus, Page, useLoad } from '@app/shared';
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { type FormApi, formApi } from './api.ts';

/** A page about the form of the route's `:id`: loaded (with its loading and failure states), then `children`. */
export function FormOfRoute({
  title,
  lines,
  children,
}: {
  title: string;
  lines: number;
  children: (api: FormApi, form: Form) => ReactNode;
}) {
  const id = useStore($currentRoute)?.params.id ?? '';
  const api = formApi();
  const loaded = useLoad(() => api.get(id), [api, id]);
  return (
    <Page title={title} description={<AppLink to="/form">All forms</AppLink>}>
      <LoadStatus
        loaded={loaded}
        lines={lines}
        loading="Loading the form ..."
        failed="The form could not be loaded"
      />
      {loaded.data ? children(api, loaded.data) : null}
    </Page>
  );
}
