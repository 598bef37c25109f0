import { listDefaults } from '@app/contract';
import type { ListParams } from '@app/contract/marketing/list';

export type StatusFilter = '' | 'validated' | 'pending';

/** The list the page shows, as its address holds it: a search can be shared, reloaded and gone back to. */
export interface SenderListView {
  page: number;
  size: number;
  search: string;
  status: StatusFilter;
}

const searchMax = 200;
const sizeMax = 100;

const wholeIn = (text: string | null, max: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : undefined;
};

/** The view of the address's query; what cannot be read is left at its default. */
export function senderListOf(search: string): SenderListView {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  return {
    page: wholeIn(params.get('page'), Number.MAX_SAFE_INTEGER) ?? listDefaults.page,
    size: wholeIn(params.get('size'), sizeMax) ?? listDefaults.size,
    search: (params.get('search') ?? '').trim().slice(0, searchMax),
    status: status === 'validated' || status === 'pending' ? status : '',
  };
}

/** The page's address for a view, its defaults left out: the plain /sender is every sender's first page. */
export function senderListHref(view: SenderListView): string {
  const params = new URLSearchParams();
  if (view.search) params.set('search', view.search);
  if (view.status) params.set('status', view.status);
  if (view.page !== listDefaults.page) params.set('page', String(view.page));
  if (view.size !== listDefaults.size) params.set('size', String(view.size));
  const query = params.toString();
  return query ? `/sender?${query}` : '/sender';
}

/** The list call of a view. */
export function listParamsOf(view: SenderListView): ListParams {
  return {
    page: view.page,
    size: view.size,
    ...(view.search ? { search: view.search } : {}),
    ...(view.status ? { status: view.status } : {}),
  };
}

/** The last page there is, when the view asks for one past it (its last sender was just deleted). */
export function pageAfterEnd(view: SenderListView, shown: number, total: number): number | null {
  if (shown > 0 || total === 0 || view.page === 1) return null;
  return Math.ceil(total / view.size);
}
