import {
  type TemplateCategory,
  type TemplateType,
  templateCategoryValues,
  templateTypes,
} from '@app/contract/marketing/template-words';
import { type ListView, listHref, listViewOf } from '../lists/list-view.ts';
import type { TemplateListParams } from './api.ts';

/** The Template Manager as its address holds it: the kind, the company's own or the featured, filters, page. */
export interface TemplateListView extends ListView {
  type: TemplateType;
  featured: boolean;
  category: '' | TemplateCategory;
  label: string;
  /** A share link's token (§7 share by email), until it is taken. */
  shared: string;
}

export function templateListOf(search: string): TemplateListView {
  const { view, params } = listViewOf(search);
  const type = params.get('type') as TemplateType | null;
  const category = params.get('category') as TemplateCategory | null;
  return {
    ...view,
    type: type && templateTypes.includes(type) ? type : 'email',
    featured: params.get('featured') === 'true',
    category: category && templateCategoryValues.includes(category) ? category : '',
    label: (params.get('label') ?? '').slice(0, 40),
    shared: (params.get('shared') ?? '').slice(0, 100),
  };
}

export const templateListHref = (view: TemplateListView) =>
  listHref('/template-manager', view, {
    type: view.type === 'email' ? '' : view.type,
    featured: view.featured ? 'true' : '',
    category: view.category,
    label: view.label,
    shared: view.shared,
  });

export function templateParamsOf(view: TemplateListView): TemplateListParams {
  return {
    type: view.type,
    page: view.page,
    size: view.size,
    ...(view.featured ? { featured: true } : {}),
    ...(view.search ? { search: view.search } : {}),
    ...(view.category ? { category: view.category } : {}),
    ...(view.label ? { templateLabels: view.label } : {}),
  };
}
