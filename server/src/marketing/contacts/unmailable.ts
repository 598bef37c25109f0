import type { Db } from '../../db/db.ts';
import type { MarketingEngine } from '../../engine/interfaces.ts';
import { type ErasedStatus, erasureStore } from './erasure-store.ts';

/**
 * The (lower-cased) addresses among `emails` that marketing may not mail, each with the status a
 * contact added for it comes in with: unsubscribed when it is on the company's non-transactional
 * suppression list, and as it left when it was erased at a person's request (a complaint or a bounce
 * is not forgotten).
 */
export async function unmailableAmong(
  db: Db,
  engine: Pick<MarketingEngine, 'suppressedForMarketing'>,
  companyId: string,
  emails: string[],
): Promise<Map<string, ErasedStatus>> {
  const [suppressed, erased] = await Promise.all([
    engine.suppressedForMarketing(companyId, emails),
    erasureStore.erasedAmong(db, companyId, emails),
  ]);
  const unmailable = new Map<string, ErasedStatus>([...suppressed].map((email) => [email, 'unsubscribed']));
  for (const [email, status] of erased) unmailable.set(email, status);
  return unmailable;
}
