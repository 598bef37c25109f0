import { type CampaignStatus, campaignStatuses } from '@app/contract/marketing/campaign-messages';
import type { ListParams } from '@app/contract/marketing/list';
import { type ListView, listHref, listViewOf } from '../lists/list-view.ts';

export { pageAfterEnd } from '../lists/list-view.ts';

/** The campaign list as its address holds it: a search can be shared, reloaded and gone back to. */
export interface CampaignListView extends ListView {
  status: CampaignStatus | '';
  /** A category's id, or '' for every campaign. */
  category: string;
}

const isStatus = (text: string | null): text is CampaignStatus =>
  (campaignStatuses as readonly string[]).includes(text ?? '');

/** The view of the address's query; what cannot be read is left at its default. */
export function campaignListOf(search: string): CampaignListView {
  const { view, params } = listViewOf(search);
  const status = params.get('status');
  const category = (params.get('category') ?? '').slice(0, 100);
  return { ...view, status: isStatus(status) ? status : '', category };
}

/**
 * The page's address for a view, its defaults left out: the plain /campaign (or /ab-test) is every
 * campaign's first page.
 */
export const campaignListHref = (view: CampaignListView, base = '/campaign') =>
  listHref(base, view, { status: view.status, category: view.category });

/** The list call of a view. */
export function campaignParamsOf(view: CampaignListView): ListParams {
  return {
    page: view.page,
    size: view.size,
    ...(view.search ? { search: view.search } : {}),
    ...(view.status ? { status: view.status } : {}),
    ...(view.category ? { category: view.category } : {}),
  };
}
