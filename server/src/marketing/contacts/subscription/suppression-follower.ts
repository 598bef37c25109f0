import type { SuppressionSource } from '@app/contract/engine/index';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import type { MarketingEngine, SuppressionChangeCursor } from '../../../engine/interfaces.ts';
import { type StatusChange, subscriptionStore } from './subscription-store.ts';

/** Another worker applied this batch first: the transaction rolls back what this one did. */
class MovedElsewhere extends Error {}

const cursorName = 'engine-suppressions';
const batch = 1000;

/** What a suppression's source says of the contact. */
const statusOf = (source: SuppressionSource): StatusChange['status'] =>
  source === 'Spam Complaint' ? 'complained' : source === 'Bounce Rule' ? 'bounced' : 'unsubscribed';

/**
 * Follows the engine's non-transactional suppression list into the contacts' statuses: an unsubscribe
 * link or List-Unsubscribe click unsubscribes the contact, a hard bounce marks it bounced, a complaint
 * complained. The cursor moves in the transaction that applies the batch, from the value the batch was read after
 * (every worker process follows, and only one moves the cursor each time), so no change is lost or
 * applied twice.
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
      const moved = await db
        .transaction(async (tx) => {
          await subscriptionStore.applyAll(
            tx,
            changes.map((change) => ({
              companyId: change.companyId,
              email: change.address,
              status: statusOf(change.source),
            })),
            clock.now(),
          );
          if (!(await subscriptionStore.saveCursor(tx, cursorName, after, last.cursor)))
            throw new MovedElsewhere();
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof MovedElsewhere) return false;
          throw error;
        });
      // Another worker follows the list now: this one rests until its next turn.
      return moved ? changes.length : 0;
    },
  };
}
