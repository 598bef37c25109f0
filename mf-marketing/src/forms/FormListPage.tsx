import type { Form } from '@app/contract/marketing/forms';
import {
  $location,
  AppLink,
  Button,
  type Column,
  ConfirmButton,
  DataTable,
  EmptyState,
  formatUserDateTime,
  LoadStatus,
  navigate,
  Page,
  Panel,
  RoleLockedButton,
  roleAllows,
  SelectField,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ListSearchForm } from '../lists/ListSearchForm.tsx';
import { Pager } from '../lists/Pager.tsx';
import { rowAction } from '../lists/row-action.ts';
import { type FormApi, formApi } from './api.ts';
import { FormStatus } from './FormStatus.tsx';
import {
  type FormListView,
  type FormStatusFilter,
  formListHref,
  formListOf,
  formParamsOf,
  pageAfterEnd,
} from './form-query.ts';
import { NewFormForm } from './NewFormForm.tsx';

const statusOptions = [
  { value: '', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];

/**
 * /form (§7 /forms; menu "Form API"): the company's sign-up forms, newest first, with their status and
 * submissions; a new one opens in the builder. Search, status and page live in the address.
 */
export function FormListPage() {
  const api = formApi();
  const view = formListOf(useStore($location).search);
  const { page, size, search, status } = view;
  const list = useLoad(() => api.list(formParamsOf(view)), [api, page, size, search, status]);
  const canManage = roleAllows('forms.manage');
  const show = (next: FormListView) => navigate(formListHref(next));
  const lastPage = list.data ? pageAfterEnd(view, list.data.items.length, list.data.total) : null;

  useEffect(() => {
    if (lastPage !== null) navigate(formListHref({ page: lastPage, size, search, status }));
  }, [lastPage, size, search, status]);

  const empty =
    search !== '' || status !== '' ? (
      <EmptyState
        title="No matching forms"
        action={
          <Button variant="secondary" onClick={() => show({ ...view, search: '', status: '', page: 1 })}>
            Clear filters
          </Button>
        }
      >
        Nothing matches this search. Clear it to see every form.
      </EmptyState>
    ) : (
      <EmptyState title="No forms yet">
        A form collects sign-ups on your own site: build it, publish it and paste its embed code into any
        page.
      </EmptyState>
    );

  return (
    <Page
      title="Form API"
      description="Sign-up forms for your sites: visitors who confirm by email become contacts, with their consent kept."
    >
      <Panel title="New form">
        {canManage ? (
          <NewFormForm api={api} />
        ) : (
          <RoleLockedButton label="New form" permission="forms.manage" />
        )}
      </Panel>
      <Panel title="Forms">
        <ListSearchForm
          key={`${search}|${status}`}
          label="Search forms"
          search={search}
          placeholder="Form name"
          onSearch={(text) => show({ ...view, search: text, page: 1 })}
          filters={(text) => (
            <SelectField
              label="Status"
              value={status}
              options={statusOptions}
              onChange={(next) => show({ ...view, search: text, status: next as FormStatusFilter, page: 1 })}
            />
          )}
        />
        <LoadStatus
          loaded={list}
          lines={4}
          loading="Loading forms ..."
          failed="The forms could not be loaded"
        />
        {list.data ? (
          <>
            <FormTable
              api={api}
              items={list.data.items}
              canManage={canManage}
              empty={empty}
              onChanged={list.reload}
            />
            <Pager
              label="Forms"
              page={page}
              size={size}
              total={list.data.total}
              onPage={(next) => show({ ...view, page: next })}
            />
          </>
        ) : null}
      </Panel>
    </Page>
  );
}

function FormTable({
  api,
  items,
  canManage,
  empty,
  onChanged,
}: {
  api: FormApi;
  items: readonly Form[];
  canManage: boolean;
  empty: React.ReactNode;
  onChanged: () => void;
}) {
  const act = rowAction(onChanged);
  const columns: Column<Form>[] = [
    {
      key: 'name',
      label: 'Form',
      render: (form) => (
        <AppLink to={`/form/compose/${encodeURIComponent(form.formId)}`}>{form.name}</AppLink>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      render: (form) => <FormStatus published={form.published} />,
    },
    {
      key: 'count',
      label: 'Submissions',
      render: (form) => (
        <AppLink to={`/form/${encodeURIComponent(form.formId)}`}>
          {form.count.toLocaleString('en-US')}
        </AppLink>
      ),
    },
    {
      key: 'updated',
      label: 'Last update',
      secondary: true,
      render: (form) => formatUserDateTime(form.lastUpdate),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            label: 'Actions',
            render: (form: Form) => (
              <span className="app-page-actions">
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() =>
                    void act(
                      () => api.publish(form.formId, !form.published),
                      form.published ? `${form.name} is unpublished.` : `${form.name} is published.`,
                    ).catch(() => undefined)
                  }
                >
                  {form.published ? 'Unpublish' : 'Publish'}
                </Button>
                <ConfirmButton
                  label="Delete"
                  size="small"
                  disabled={form.published}
                  title="Delete form"
                  question={
                    <p>
                      Delete {form.name}? Its {form.count.toLocaleString('en-US')} submissions go with it.
                    </p>
                  }
                  confirmLabel="Delete"
                  onConfirm={() => act(() => api.remove(form.formId), `${form.name} is deleted.`)}
                />
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <DataTable label="Forms" columns={columns} rows={items} rowKey={(form) => form.formId} empty={empty} />
  );
}
