import type { Contact } from '@app/contract/marketing/contacts';
import {
  $location,
  AppLink,
  Button,
  type Column,
  DataTable,
  EmptyState,
  formatUserDateTime,
  LinkButton,
  LoadStatus,
  navigate,
  Page,
  Panel,
  roleAllows,
  StatusTag,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { pageAfterEnd } from '../lists/list-view.ts';
import { Pager } from '../lists/Pager.tsx';
import { contactApi } from './api.ts';
import { ContactFilters } from './ContactFilters.tsx';
import { contactCount } from './contact-count.ts';
import {
  type ContactListView,
  contactListHref,
  contactListOf,
  contactQueryOf,
  statusLabels,
  statusVariants,
} from './contact-query.ts';
import { DeleteFilteredButton } from './DeleteFilteredButton.tsx';
import { ExportContactsButton } from './ExportContactsButton.tsx';
import { SubscriptionButton } from './SubscriptionButton.tsx';

const columns: Column<Contact>[] = [
  {
    key: 'email',
    label: 'Email',
    render: (contact) => <AppLink to={`/contact/${contact.id}`}>{contact.email ?? 'No address'}</AppLink>,
  },
  {
    key: 'name',
    label: 'Name',
    render: (contact) =>
      [contact.firstname, contact.lastname].filter(Boolean).join(' ') || <span className="muted">None</span>,
  },
  {
    key: 'status',
    label: 'Status',
    render: (contact) => (
      <StatusTag variant={statusVariants[contact.status]}>{statusLabels[contact.status]}</StatusTag>
    ),
  },
  {
    key: 'labels',
    label: 'Labels',
    secondary: true,
    render: (contact) =>
      contact.labels.length > 0 ? (
        contact.labels.map((label) => label.name).join(', ')
      ) : (
        <span className="muted">None</span>
      ),
  },
  {
    key: 'createdAt',
    label: 'Added',
    secondary: true,
    render: (contact) => formatUserDateTime(contact.createdAt),
  },
];

/**
 * /contact, the Contact Book (§1, §3 contact filters): the company's contacts with search, status and
 * label filters and paging, all in the address; adding one and importing a file start here.
 */
export function ContactBookPage() {
  const api = contactApi();
  const view = contactListOf(useStore($location).search);
  const { page, size, search, status, label, segment, field, value } = view;
  const list = useLoad(
    () => api.list(contactQueryOf(view)),
    [api, page, size, search, status, label, segment, field, value],
  );
  const labels = useLoad(() => api.labels(), [api]);
  const segments = useLoad(() => api.segments(), [api]);
  const fields = useLoad(() => api.fields(), [api]);
  const canManage = roleAllows('contacts.manage');
  const show = (next: ContactListView) => navigate(contactListHref(next));
  const lastPage = list.data ? pageAfterEnd(view, list.data.items.length, list.data.total) : null;

  useEffect(() => {
    if (lastPage !== null) navigate(contactListHref({ ...view, page: lastPage }));
  }, [lastPage]);

  const count = list.data ? contactCount(list.data.total, list.data.totalCapped) : undefined;
  const filtered =
    search !== '' || status !== '' || label !== '' || segment !== '' || (field !== '' && value !== '');
  const filter = {
    ...(search ? { search } : {}),
    ...(status ? { status: [status] } : {}),
    ...(label ? { label } : {}),
    ...(segment ? { segment } : {}),
    ...(field && value ? { field, value } : {}),
  };
  const empty = filtered ? (
    <EmptyState
      title="No matching contacts"
      action={
        <Button
          variant="secondary"
          onClick={() =>
            show({ ...view, search: '', status: '', label: '', segment: '', field: '', value: '', page: 1 })
          }
        >
          Clear filters
        </Button>
      }
    >
      No contact matches these filters.
    </EmptyState>
  ) : (
    <EmptyState title="No contacts yet">
      Add your first contact, or import a CSV or Excel file of them.
    </EmptyState>
  );

  return (
    <Page
      title="Contact Book"
      description="The people your campaigns go to, with their status, labels and fields."
      actions={
        <>
          <LinkButton to="/contact/label">Labels</LinkButton>
          <LinkButton to="/contact/field">Fields</LinkButton>
          <LinkButton to="/contact/segment">Segments</LinkButton>
          {canManage ? <LinkButton to="/contact/add">Add contact</LinkButton> : null}
          {roleAllows('contacts.import') ? (
            <LinkButton to="/contact/import" variant="primary">
              Import contacts
            </LinkButton>
          ) : null}
        </>
      }
    >
      <Panel
        title="Contacts"
        actions={
          <>
            {filtered && count && list.data?.total && roleAllows('contacts.delete') ? (
              <DeleteFilteredButton api={api} filter={filter} count={count} onDeleted={list.reload} />
            ) : null}
            {roleAllows('contacts.export') ? (
              <ExportContactsButton api={api} filter={filter} count={count} />
            ) : null}
          </>
        }
      >
        <ContactFilters
          key={`${search}|${status}|${label}|${segment}|${field}|${value}`}
          view={view}
          fields={fields.data?.items ?? []}
          labels={labels.data?.items ?? []}
          segments={segments.data?.items ?? []}
          onChange={show}
        />
        <LoadStatus
          loaded={list}
          lines={5}
          loading="Loading contacts ..."
          failed="The contacts could not be loaded"
        />
        {list.data ? (
          <>
            <p className="muted">{count}</p>
            <DataTable
              label="Contacts"
              columns={
                canManage
                  ? [
                      ...columns,
                      {
                        key: 'actions',
                        label: 'Actions',
                        render: (contact) => (
                          <SubscriptionButton api={api} contact={contact} onChanged={list.reload} />
                        ),
                      },
                    ]
                  : columns
              }
              rows={list.data.items}
              rowKey={(contact) => contact.id}
              empty={empty}
            />
            <Pager
              label="Contacts"
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
