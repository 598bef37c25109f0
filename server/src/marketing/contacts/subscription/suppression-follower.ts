import type { SuppressionSource } from '@app/contract/engine/index';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import type { MarketingEngine, SuppressionChangeCursor } from '../../../engine/interfaces.ts';
import { followStep } from '../follow-step.ts';
import { type StatusChange, subscriptionStore } from './subscription-store.ts';

const cursorName = 'engine-suppressions';
const batch = 1000;

/** What a suppression's source says of the contact. */
const statusOf = (source: SuppressionSource): StatusChange['status'] =>
  source === 'Spam Complaint' ? 'complained' : source === 'Bounce Rule' ? 'bounced' : 'unsubscribed';

/**
 * Follows the engine's non-transactional suppression list into the contacts' statuses: an unsubscribe
 * link or List-Unsubscribe click unsubscribes the contact, a hard bounce marks it bounced, a complaint
 * complained (see followStep for how workers share it).
 */
export function createSuppressionFollower(deps: {
  db: Db;
  clock: Clock;
  engine: Pick<MarketingEngine, 'marketingSuppressionChanges'>;
}) {
  const { db, clock, engine } = deps;
  return {
    /** Applies one batch of changes; answers how many changes it applied (0: caught up). */
    runOnce: () =>
      followStep<SuppressionChangeCursor>(db, cursorName, async (after) => {
        const changes = await engine.marketingSuppressionChanges(after, batch);
        const last = changes.at(-1);
        if (!last) return undefined;
        return {
          next: last.cursor,
          moved: changes.length,
          apply: (tx) =>
            subscriptionStore.applyAll(
              tx,
              changes.map((change) => ({
                companyId: change.companyId,
                email: change.address,
                status: statusOf(change.source),
              })),
              clock.now(),
            ),
        };
      }),
  };
}
