import { type ContactListQuery, type ContactStatus, contactStatuses } from '@app/contract/marketing/contacts';
import { type ListView, listHref, listViewOf } from '../lists/list-view.ts';

/** The Contact Book as its address holds it: search, status, label and page can be shared and reloaded. */
export interface ContactListView extends ListView {
  status: ContactStatus | '';
  label: string;
}

const isStatus = (value: string | null): value is ContactStatus =>
  (contactStatuses as readonly (string | null)[]).includes(value);

export function contactListOf(search: string): ContactListView {
  const { view, params } = listViewOf(search);
  const status = params.get('status');
  const label = params.get('label') ?? '';
  return { ...view, status: isStatus(status) ? status : '', label: /^\d{1,18}$/.test(label) ? label : '' };
}

export function contactListHref(view: ContactListView): string {
  return listHref('/contact', view, { status: view.status, label: view.label });
}

export function contactQueryOf(view: ContactListView): ContactListQuery {
  return {
    page: view.page,
    size: view.size,
    ...(view.search ? { search: view.search } : {}),
    ...(view.status ? { status: view.status } : {}),
    ...(view.label ? { label: view.label } : {}),
  };
}

/** The §3 statuses as the list names them. */
export const statusLabels: Record<ContactStatus, string> = {
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  pending: 'Pending confirmation',
  bounced: 'Bounced',
  complained: 'Complained',
};
