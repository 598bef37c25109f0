import type { ContactListQuery, ContactStatus } from '@app/contract/marketing/contacts';
import { type ListView, listHref, listViewOf } from '../lists/list-view.ts';

/** The Contact Book as its address holds it: search, status, label and page can be shared and reloaded. */
export interface ContactListView extends ListView {
  status: ContactStatus | '';
  label: string;
  segment: string;
  /** With `value`: the field (by tag) that holds exactly that value. */
  field: string;
  value: string;
}

/** The §3 statuses as the list names them. */
export const statusLabels: Record<ContactStatus, string> = {
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  pending: 'Pending confirmation',
  bounced: 'Bounced',
  complained: 'Complained',
};

/** How each status's tag looks. */
export const statusVariants = {
  subscribed: 'success',
  unsubscribed: 'neutral',
  pending: 'warning',
  bounced: 'danger',
  complained: 'danger',
} as const satisfies Record<ContactStatus, string>;

// The module holding contactStatuses carries zod, which the console's areas never bundle.
const isStatus = (value: string | null): value is ContactStatus =>
  value !== null && Object.hasOwn(statusLabels, value);

export function contactListOf(search: string): ContactListView {
  const { view, params } = listViewOf(search);
  const status = params.get('status');
  const id = (name: string) => {
    const value = params.get(name) ?? '';
    return /^\d{1,18}$/.test(value) ? value : '';
  };
  const field = params.get('field') ?? '';
  return {
    ...view,
    status: isStatus(status) ? status : '',
    label: id('label'),
    segment: id('segment'),
    field: /^[a-z][a-z0-9_]{0,39}$/.test(field) ? field : '',
    value: (params.get('value') ?? '').slice(0, 1000),
  };
}

export function contactListHref(view: ContactListView): string {
  const byField: Record<string, string> =
    view.field && view.value ? { field: view.field, value: view.value } : {};
  return listHref('/contact', view, {
    status: view.status,
    label: view.label,
    segment: view.segment,
    ...byField,
  });
}

export function contactQueryOf(view: ContactListView): ContactListQuery {
  return {
    page: view.page,
    size: view.size,
    ...(view.search ? { search: view.search } : {}),
    ...(view.status ? { status: view.status } : {}),
    ...(view.label ? { label: view.label } : {}),
    ...(view.segment ? { segment: view.segment } : {}),
    ...(view.field && view.value ? { field: view.field, value: view.value } : {}),
  };
}
