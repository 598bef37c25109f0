import type { Db } from '../../db/db.ts';
import type { MarketingEngine } from '../../engine/interfaces.ts';
import { erasureStore } from './erasure-store.ts';

/**
 * The (lower-cased) addresses among `emails` that marketing may not mail: on the company's
 * non-transactional suppression list, or erased at a person's request. A contact added or imported
 * for one comes in unsubscribed.
 */
export async function unmailableAmong(
  db: Db,
  engine: Pick<MarketingEngine, 'suppressedForMarketing'>,
  companyId: string,
  emails: string[],
): Promise<Set<string>> {
  const [suppressed, erased] = await Promise.all([
    engine.suppressedForMarketing(companyId, emails),
    erasureStore.erasedAmong(db, companyId, emails),
  ]);
  return new Set([...suppressed, ...erased.keys()]);
}
