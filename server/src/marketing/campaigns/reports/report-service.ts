import {
  type CampaignReport,
  type CampaignReportType,
  type CampaignTimeline,
  timelineHours,
} from '@app/contract/marketing/campaign-reports';
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
    /** The first 48 hours after the send started, hour by hour (all zero before it starts). */
    async timeline(companyId: string, id: string): Promise<CampaignTimeline> {
      const campaign = await owned(companyId, id);
      const hours = Array.from({ length: timelineHours }, (_, hour) => ({
        hour,
        delivered: 0,
        opened: 0,
        clicked: 0,
      }));
      if (!campaign.started_at) return { startedAt: null, hours };
      for (const row of await reportStore.timeline(db, campaign.id, campaign.started_at, timelineHours)) {
        const slot = hours[row.hour];
        if (slot) slot[row.kind] = row.count;
      }
      return { startedAt: campaign.started_at.toISOString(), hours };
    },

    /** The links people clicked (at most 100), most clicked first. */
    async links(companyId: string, id: string) {
      const campaign = await owned(companyId, id);
      return { items: await reportStore.links(db, campaign.id, 100) };
    },

    /** The recipients of one report type of the company's campaign, as a condition over `contacts` (404 for another's). */
    async reportCondition(companyId: string, id: string, type: CampaignReportType) {
      const campaign = await owned(companyId, id);
      return reportStore.recipientsCondition(campaign.id, type);
    },

    async recipients(companyId: string, id: string, type: CampaignReportType, page: number, size: number) {
      const campaign = await owned(companyId, id);
      return reportStore.recipients(db, campaign.id, type, page, size);
    },
  };
}
