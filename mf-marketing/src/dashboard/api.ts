import type { QuotaItem, Usage } from '@app/contract/engine/usage';
import type { DashboardStats } from '@app/contract/marketing/dashboard';
import { $quota, http, usesSampleData } from '@app/shared';
import { campaignApi } from '../campaigns/api.ts';
import { fileApi } from '../files/api.ts';
import { senderApi } from '../senders/api.ts';
import type { MissionFacts } from './mission.ts';

/** What the onboarding mission reads from the company's data (an email sent comes from the tour flags). */
export async function loadMissionFacts(): Promise<
  Omit<MissionFacts, 'emailSent'> & { campaignSent: boolean }
> {
  const senders = senderApi();
  const [domains, validated, files, sent] = await Promise.all([
    senders.domains(),
    senders.list({ status: 'validated', size: 1 }),
    fileApi().list({ size: 1 }),
    campaignApi().list({ status: 'SENT', size: 1 }, 'campaign'),
  ]);
  return {
    verifiedDomain: domains.some((domain) => domain.verified),
    validatedSender: validated.total > 0,
    uploadedFile: files.total > 0,
    campaignSent: sent.total > 0,
  };
}

/** The demo vendors' Home (§1): a month of the sample shop's campaigns. */
const sampleStats = (days: number): DashboardStats => ({
  days,
  campaigns: { sent: 1, recipients: 3, delivered: 3, opened: 2, clicked: 1 },
  contacts: { total: 4, subscribed: 3, added: days >= 30 ? 2 : 0 },
  recent: [
    {
      id: 'campaign-1',
      name: 'Autumn collection',
      sentAt: '2026-10-31T02:00:00.000Z',
      queued: 3,
      opened: 2,
      clicked: 1,
    },
  ],
  scheduled: [{ id: 'campaign-2', name: 'Black Friday', scheduledAt: '2026-11-23T02:00:00.000Z' }],
  peak: { hour: 9, opens: 2 },
});

/** Home's statistics over the last `days` days (§7 dashboard stats, peak time). */
export const loadDashboardStats = (days: number): Promise<DashboardStats> =>
  usesSampleData()
    ? Promise.resolve(sampleStats(days))
    : http.config.get<DashboardStats>(`/dashboard/stats?days=${days}`);

/**
 * The plan's email quota as it stands now (campaigns use it): read afresh, and kept in the session's
 * store; the store's (read at sign-in) when the vendor reads no usage or the call fails.
 */
export async function loadEmailQuota(): Promise<QuotaItem | undefined> {
  if (usesSampleData()) return $quota.get().email;
  try {
    const usage = await http.config.get<Usage>('/usage', { quiet: true });
    $quota.set(usage);
    return usage.email;
  } catch {
    return $quota.get().email;
  }
}
