import type { ListParams } from '@app/contract/marketing/list';
import { type ListView, listHref, listViewOf } from '../lists/list-view.ts';

export { pageAfterEnd } from '../lists/list-view.ts';

export type FormStatusFilter = '' | 'published' | 'draft';

/** The forms list as its address holds it. */
export interface FormListView extends ListView {
  status: FormStatusFilter;
}

export function formListOf(search: string): FormListView {
  const { view, params } = listViewOf(search);
  const status = params.get('status');
  return { ...view, status: status === 'published' || status === 'draft' ? status : '' };
}

export const formListHref = (view: FormListView) => listHref('/form', view, { status: view.status });

export function formParamsOf(view: FormListView): ListParams {
  return {
    page: view.page,
    size: view.size,
    ...(view.search ? { search: view.search } : {}),
    ...(view.status ? { status: view.status } : {}),
  };
}

/** A new form's first question: the address, which a form that saves contacts needs. */
export const emailQuestion = {
  id: 'email',
  type: 'inputText' as const,
  setting: { title: 'Email', required: true, field: 'email' },
};
