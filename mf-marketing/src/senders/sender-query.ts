import type { ListParams } from '@app/contract/marketing/list';
import { type ListView, listHref, listViewOf } from '../lists/list-view.ts';

export { pageAfterEnd } from '../lists/list-view.ts';

export type StatusFilter = '' | 'validated' | 'pending';

/** The list the page shows, as its address holds it: a search can be shared, reloaded and gone back to. */
export interface SenderListView extends ListView {
  status: StatusFilter;
}

/** The view of the address's query; what cannot be read is left at its default. */
export function senderListOf(search: string): SenderListView {
  const { view, params } = listViewOf(search);
  const status = params.get('status');
  return { ...view, status: status === 'validated' || status === 'pending' ? status : '' };
}

/** The page's address for a view, its defaults left out: the plain /sender is every sender's first page. */
export function senderListHref(view: SenderListView): string {
  return listHref('/sender', view, { status: view.status });
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
