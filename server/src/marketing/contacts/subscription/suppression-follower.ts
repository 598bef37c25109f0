import type { SuppressionSource } from '@app/contract/engine/index';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import type { MarketingEngine, SuppressionChangeCursor } from '../../../engine/interfaces.ts';
import { type StatusChange, subscriptionStore } from './subscription-store.ts';

const cursorName = 'engine-suppressions';
const batch = 1000;

/** What a suppression's source says of the contact. */
const statusOf = (source: SuppressionSource): StatusChange['status'] =>
  source === 'Spam Complaint' ? 'complained' : source === 'Bounce Rule' ? 'bounced' : 'unsubscribed';

/**
 * Follows the engine's non-transactional suppression list into the contacts' statuses: an unsubscribe
 * link or List-Unsubscribe click unsubscribes the contact, a hard bounce marks it bounced, a complaint
 * complained. The cursor moves in the transaction that applies the batch, so no change is lost or
 * applied twice (applying one twice would change nothing either).
 */
export function createSuppressionFollower(deps: {
  db: Db;
  clock: Clock;
  engine: Pick<MarketingEngine, 'marketingSuppressionChanges'>;
}) {
  const { db, clock, engine } = deps;
  return {
    /** Applies one batch of changes; answers how many changes it read (0: caught up). */
    async runOnce(): Promise<number> {
      const after = await subscriptionStore.cursor<SuppressionChangeCursor>(db, cursorName);
      const changes = await engine.marketingSuppressionChanges(after, batch);
      const last = changes.at(-1);
      if (!last) return 0;
      await db.transaction(async (tx) => {
        await subscriptionStore.applyAll(
          tx,
          changes.map((change) => ({
            companyId: change.companyId,
            email: change.address,
            status: statusOf(change.source),
          })),
          clock.now(),
        );
        await subscriptionStore.saveCursor(tx, cursorName, last.cursor);
      });
      return changes.length;
    },
  };
}
