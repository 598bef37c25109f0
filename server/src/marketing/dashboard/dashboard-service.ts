import type { DashboardStats } from '@app/contract/marketing/dashboard';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { campaignSummaryStore } from '../campaigns/campaign-store.ts';
import type { CompanyDoor } from '../company-door.ts';
import { createContactStore } from '../contacts/contact-store.ts';

const day = 86_400_000;
/** How far back the peak-time suggestion reads the company's opens. */
const peakDays = 90;
const listed = 5;

/** Home's statistics (§1 dashboard): campaigns and their results, contact growth, what is next, the peak hour. */
export function createDashboardService(deps: {
  db: Db;
  clock: Clock;
  company: Pick<CompanyDoor, 'utcOffsetMinutes'>;
}) {
  const { db, clock } = deps;
  const contacts = createContactStore(db);
  return {
    async stats(companyId: string, days: number): Promise<DashboardStats> {
      const now = clock.now().getTime();
      const since = new Date(now - days * day);
      const [campaigns, total, subscribed, added, recent, scheduled, offset] = await Promise.all([
        campaignSummaryStore.totalsSince(db, companyId, since),
        contacts.countOfStatuses(companyId),
        contacts.countOfStatuses(companyId, ['subscribed']),
        contacts.addedSince(companyId, since),
        campaignSummaryStore.recentlySent(db, companyId, listed),
        campaignSummaryStore.scheduled(db, companyId, listed),
        deps.company.utcOffsetMinutes(companyId),
      ]);
      const peak = await campaignSummaryStore.peakOpenHour(
        db,
        companyId,
        new Date(now - peakDays * day),
        offset,
      );
      return {
        days,
        campaigns,
        contacts: { total, subscribed, added },
        recent: recent.map((row) => ({
          id: row.id,
          name: row.name,
          sentAt: row.sent_at.toISOString(),
          queued: row.queued,
          opened: row.opened,
          clicked: row.clicked,
        })),
        scheduled: scheduled.map((row) => ({
          id: row.id,
          name: row.name,
          scheduledAt: row.scheduled_at.toISOString(),
        })),
        peak: peak ?? null,
      };
    },
  };
}
