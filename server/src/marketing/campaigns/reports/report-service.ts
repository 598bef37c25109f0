import type { CampaignReport, CampaignReportType } from '@app/contract/marketing/campaign-reports';
import type { Db } from '../../../db/db.ts';
import { DomainError } from '../../../domain-error.ts';
import { isId } from '../../contacts/entity-id.ts';
import { campaignStore } from '../campaign-store.ts';
import { reportStore } from './report-store.ts';

export type ReportService = ReturnType<typeof createReportService>;

/** §7 `/{type}/reports/*` of campaigns: the totals and each report type's recipients, of the company's own. */
export function createReportService(deps: { db: Db }) {
  const { db } = deps;
  const owned = async (companyId: string, id: string) => {
    const row = isId(id) ? await campaignStore.get(db, companyId, id) : undefined;
    if (!row) throw new DomainError('entityNotFound', 'Campaign not found', { field: 'id' });
    return row;
  };
  return {
    async report(companyId: string, id: string): Promise<CampaignReport> {
      const campaign = await owned(companyId, id);
      const totals = await reportStore.totals(db, campaign.id);
      return { sent: campaign.queued, ...totals, notOpened: Math.max(0, totals.delivered - totals.opened) };
    },
    /** The links people clicked (at most 100), most clicked first. */
    async links(companyId: string, id: string) {
      const campaign = await owned(companyId, id);
      return { items: await reportStore.links(db, campaign.id, 100) };
    },

    async recipients(companyId: string, id: string, type: CampaignReportType, page: number, size: number) {
      const campaign = await owned(companyId, id);
      return reportStore.recipients(db, campaign.id, type, page, size);
    },
  };
}
