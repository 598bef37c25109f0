import type { PageCategory } from '@app/contract/marketing/pages';
import { type ListView, listHref, listViewOf } from '../lists/list-view.ts';
import type { PageListParams } from './api.ts';

export type PageStatusFilter = '' | 'published' | 'draft';

/** The pages list as its address holds it. */
export interface PageListView extends ListView {
  status: PageStatusFilter;
  category: '' | PageCategory;
}

export function pageListOf(search: string): PageListView {
  const { view, params } = listViewOf(search);
  const status = params.get('status');
  const category = params.get('category');
  return {
    ...view,
    status: status === 'published' || status === 'draft' ? status : '',
    category: category === 'LANDING' || category === 'THANK_YOU' ? category : '',
  };
}

export const pageListHref = (view: PageListView) =>
  listHref('/page', view, { status: view.status, category: view.category });

export function pageParamsOf(view: PageListView): PageListParams {
  return {
    page: view.page,
    size: view.size,
    ...(view.search ? { search: view.search } : {}),
    ...(view.status ? { status: view.status } : {}),
    ...(view.category ? { category: view.category } : {}),
  };
}

/** A page's state as the lists show it (§4: draft, published, changed since published). */
export function pageStatusView(page: { published: boolean; stateDraft: boolean }) {
  if (!page.published) return { label: 'Draft', variant: 'neutral' } as const;
  return page.stateDraft
    ? ({ label: 'Published, changed since', variant: 'warning' } as const)
    : ({ label: 'Published', variant: 'success' } as const);
}
