/**
 * A delivery worker run as a child process by delivery-faults.test.ts, which SIGKILLs it mid-batch.
 * Its transport "delivers" by appending the message id (read back from the VERP return path) to
 * RECORD_FILE, so the test knows what left before the kill. Its process beats as worker `doomed`,
 * found dead DEAD_AFTER_MS after its heartbeat stops.
 */
import { appendFileSync } from 'node:fs';
import { systemClock } from '../../clock.ts';
import { openPostgres } from '../../db/postgres.ts';
import { messageOfVerp } from '../bounces/verp.ts';
import { createEventStore } from '../events/event-store.ts';
import { createSuppressionStore } from '../suppression/suppression-store.ts';
import { createWorkerPresence } from '../worker-presence/worker-presence.ts';
import { createDeliveryWorker } from './delivery-worker.ts';

const { DATABASE_URL, SEARCH_PATH, RECORD_FILE, LEASE_MS, DEAD_AFTER_MS, VERP_KEY } = process.env;
if (!DATABASE_URL || !SEARCH_PATH || !RECORD_FILE || !LEASE_MS || !DEAD_AFTER_MS || !VERP_KEY) {
  throw new Error(
    'DATABASE_URL, SEARCH_PATH, RECORD_FILE, LEASE_MS, DEAD_AFTER_MS and VERP_KEY are required',
  );
}
const recordFile = RECORD_FILE;
const verpKey = VERP_KEY;
const leaseMs = Number(LEASE_MS);
const db = await openPostgres(DATABASE_URL, { searchPath: SEARCH_PATH });
const events = createEventStore(db);
const suppressions = createSuppressionStore(db);
const reportError = (error: unknown, what: string) => console.error(what, error);
const presence = createWorkerPresence(db, systemClock, {
  deadAfterMs: Number(DEAD_AFTER_MS),
  id: 'doomed',
  reportError,
});
await presence.start({ sole: false });
presence.keepBeating();

createDeliveryWorker(db, {
  clock: systemClock,
  mode: 'deliver',
  transport: {
    async deliver(job) {
      appendFileSync(recordFile, `${messageOfVerp(verpKey, job.mailFrom)}\n`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { status: 'delivered', reply: { code: 250, text: 'OK' }, tls: false };
    },
  },
  prepare: {
    verpKey,
    defaultBounceDomain: 'bounces.platform.test',
    bounceDomainFor: async () => undefined,
    listUnsubscribeHeaders: async () => ({}),
    sign: async (raw) => raw,
  },
  insertEvents: (tx, rows) => events.insert(tx, rows),
  addSuppressions: (tx, entries) => suppressions.addIn(tx, entries),
  reportError,
  holder: presence,
  settings: { leaseMs, attemptTimeoutMs: Math.floor(leaseMs / 3), batchSize: 100, concurrency: 4 },
}).start();
