import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Db } from '../db/db.ts';
import type { DeliveryTransport } from '../engine/delivery/delivery-transport.ts';
import { createDeliveryWorker, type DeliveryWorkerDeps } from '../engine/delivery/delivery-worker.ts';
import type { PrepareDeps } from '../engine/delivery/prepare.ts';
import { createEventStore } from '../engine/events/event-store.ts';
import { createSuppressionStore } from '../engine/suppression/suppression-store.ts';
import { testClock } from './app.ts';
import { openMigrated, type TestDatabase } from './databases.ts';
import { queuedMessage as fixture, newCompany } from './queue-fixtures.ts';

export const verpKey = 'test-verp-key';

/**
 * A migrated database with one company and the delivery worker's parts for the tests of the calling
 * describe; each test sees only its own messages in the queue. `state()` is read in hooks and tests.
 */
export function useDeliveryQueue(database: TestDatabase) {
  let db: Db;
  let companyId: string;
  const clock = testClock();
  let events: ReturnType<typeof createEventStore>;
  let suppressions: ReturnType<typeof createSuppressionStore>;

  beforeAll(async () => {
    db = await openMigrated(database);
    companyId = await newCompany(db);
    events = createEventStore(db);
    suppressions = createSuppressionStore(db, clock);
  });
  afterAll(async () => {
    await db.close();
  });
  // Each test sees only its own messages in the queue.
  beforeEach(async () => {
    await db.query("UPDATE messages SET status = 'bounced' WHERE status = 'queued'");
  });

  const queuedMessage: typeof fixture = (company, rcptTo, overrides = {}) =>
    fixture(company, rcptTo, { createdAt: clock.now(), ...overrides });

  const prepare = (overrides: Partial<PrepareDeps> = {}): PrepareDeps => ({
    verpKey,
    defaultBounceDomain: 'mail.platform.test',
    bounceDomainFor: async () => undefined,
    listUnsubscribeHeaders: async (id) => ({
      'List-Unsubscribe': `<https://platform.test/u/${id}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    }),
    sign: async (raw) => raw,
    ...overrides,
  });

  const worker = (
    transport: DeliveryTransport | undefined,
    overrides: Partial<DeliveryWorkerDeps> = {},
    on: Db = db,
  ) =>
    createDeliveryWorker(on, {
      clock,
      mode: 'deliver',
      transport,
      prepare: prepare(),
      insertEvents: (tx, rows) => events.insert(tx, rows),
      addSuppressions: (tx, entries) => suppressions.addIn(tx, entries),
      reportError: (error) => {
        throw error;
      },
      ...overrides,
    });

  const eventsOf = async (messageId: string, company = companyId) =>
    (
      await events.search(
        {
          companyId: company,
          from: new Date(0),
          to: new Date(Date.now() + 400 * 86_400_000),
          messages: [messageId],
        },
        100,
      )
    ).events.reverse();

  const rowOf = (id: string) =>
    db.one<{
      status: string;
      attempts: number;
      next_attempt_at: Date;
      locked_by: string | null;
      last_reply: string;
    }>('SELECT status, attempts, next_attempt_at, locked_by, last_reply FROM messages WHERE id = $1', [id]);

  /** Runs batches until none is due. */
  const drain = async (w: ReturnType<typeof worker>) => {
    let total = 0;
    for (let n = await w.runOnce(); n > 0; n = await w.runOnce()) total += n;
    return total;
  };

  return {
    state: () => ({ db, companyId, events, suppressions }),
    clock,
    queuedMessage,
    prepare,
    worker,
    eventsOf,
    rowOf,
    drain,
  };
}
