import type { SubaccountListQuery } from '@app/contract/engine/index';
import { decodeCursor } from '../events/paging.ts';
import type { Subaccount } from './subaccount-store.ts';

export interface SubaccountPage {
  entries: Subaccount[];
  total: number;
  /** The cursor key of the next page (its offset); absent on the last page. */
  next?: readonly string[];
}

const defaultPerPage = 25;
const offsetPattern = [/^\d{1,9}$/];

/** Whether the query asks for SparkPost's paginated answer: any parameter at all does. */
export const wantsPage = (query: SubaccountListQuery): boolean =>
  Object.values(query).some((value) => value !== undefined);

function sortValue(subaccount: Subaccount, key: SubaccountListQuery['sort_by']): number | string {
  if (key === 'id') return subaccount.id;
  if (key === 'name') return subaccount.name.toLowerCase();
  // No update time is kept apart from creation: updated_at orders as created_at.
  return subaccount.createdAt.getTime();
}

/** One page of a company's subaccounts (a few thousand at most), filtered and sorted as asked. */
export function subaccountPage(all: readonly Subaccount[], query: SubaccountListQuery): SubaccountPage {
  const ids = query.ids?.split(',').map(Number);
  const name = query.name?.toLowerCase();
  const matching = all.filter(
    (subaccount) =>
      query.option === undefined &&
      (query.status === undefined || subaccount.status === query.status) &&
      (query.ip_pool === undefined || subaccount.ipPool === query.ip_pool) &&
      (name === undefined || subaccount.name.toLowerCase().includes(name)) &&
      (ids === undefined || ids.includes(subaccount.id)),
  );
  const direction = query.order === 'asc' ? 1 : -1;
  const sorted = matching.sort((a, b) => {
    const [x, y] = [sortValue(a, query.sort_by), sortValue(b, query.sort_by)];
    return (x < y ? -1 : x > y ? 1 : a.id - b.id) * direction;
  });
  const offset = Number(decodeCursor(query.cursor, offsetPattern)?.[0] ?? 0);
  const perPage = query.per_page ?? defaultPerPage;
  const entries = sorted.slice(offset, offset + perPage);
  const page: SubaccountPage = { entries, total: sorted.length };
  if (offset + perPage < sorted.length) page.next = [String(offset + perPage)];
  return page;
}
