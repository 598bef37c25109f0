import type { Logger } from 'pino';
import type { Db } from './db/db.ts';
import type { Engine } from './engine/create-engine.ts';

const scheduledEveryMs = 5_000;
const housekeepingEveryMs = 10 * 60_000;

/**
 * Background work of the engine: generating scheduled transmissions when due, putting back those
 * whose generation was interrupted, and purging events past each company's retention. Safe to run
 * in several processes at once (claims are atomic). Returns a stop function.
 */
export function startWorkers(db: Db, engine: Engine, logger: Logger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const guard = (name: string, work: () => Promise<unknown>) => () => {
    running = running.then(work).catch((error: unknown) => logger.error({ err: error }, `${name} failed`));
  };
  const generateDue = guard('scheduled transmissions', async () => {
    while ((await engine.transmissions.runDue()) > 0) {
      // keep going while there are due transmissions
    }
  });
  const housekeeping = guard('housekeeping', async () => {
    await engine.transmissions.releaseStale();
    const purged = await engine.events.purgeExpired(db, engine.send.clock.now());
    if (purged > 0) logger.info({ purged }, 'expired message events purged');
  });
  housekeeping();
  const timers = [setInterval(generateDue, scheduledEveryMs), setInterval(housekeeping, housekeepingEveryMs)];
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await running;
  };
}
