import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import type { Engine } from '../engine/create-engine.ts';
import { composeClaimed } from '../engine/delivery/compose-claimed.ts';
import { claimDue, releaseLease } from '../engine/delivery/queue-store.ts';

/**
 * What a delivery worker does first with the production messages it takes, without delivering
 * them: those not composed yet are composed (bytes and injection or generation events stored), then
 * every one goes back to the queue untried. Tests that read a production send's messages or events
 * after its answer call this first, as a worker would have run by then.
 */
export async function composeQueued(db: Db, engine: Engine, clock: Clock): Promise<void> {
  const lease = `test-${randomUUID()}`;
  const claimed = await claimDue(db, lease, clock.now(), 10_000, 60_000, 0, []);
  if (claimed.length === 0) return;
  await composeClaimed(
    db,
    {
      clock,
      insertEvents: (tx, rows) => engine.events.insert(tx, rows),
      refundUsage: (tx, companyId, charges, chargedAt) =>
        engine.usage.refund(tx, companyId, charges, chargedAt),
      trackingKey: engine.send.tracking?.key,
    },
    lease,
    claimed,
  );
  await releaseLease(
    db,
    lease,
    claimed.map((message) => message.id),
  );
}
