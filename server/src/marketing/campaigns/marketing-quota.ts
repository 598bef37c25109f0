import { ensureWithinPlan } from '../../accounts/plans/plan-catalogue.ts';
import { type Clock, monthStart } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { campaignStore } from './campaign-store.ts';

/**
 * The plan's marketing emails a month (§9's sample: 1,000; FREE: 300): refuses, with §8's quota
 * words, `adding` more contacts than the month has room for.
 */
export async function ensureMarketingRoom(db: Db, clock: Clock, companyId: string, adding: number) {
  await ensureWithinPlan(db, companyId, {
    group: 'email marketing',
    subFeature: 'marketingEmailLimit',
    used: await campaignStore.marketingSentSince(db, companyId, monthStart(clock.now())),
    adding,
  });
}
