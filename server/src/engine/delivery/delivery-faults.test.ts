import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { openPostgres } from '../../db/postgres.ts';
import { databases, openMigrated } from '../../testing/databases.ts';
import { delivered, enqueue, newCompany, queuedMessage } from '../../testing/queue-fixtures.ts';
import { messageOfVerp } from '../bounces/verp.ts';
import { createEventStore } from '../events/event-store.ts';
import { createSuppressionStore } from '../suppression/suppression-store.ts';
import { type LeaseHolder, standaloneHolder } from '../worker-presence/lease-holder.ts';
import { createWorkerPresence } from '../worker-presence/worker-presence.ts';
import { createDeliveryWorker, type DeliverySettings } from './delivery-worker.ts';

const url = process.env.TEST_DATABASE_URL;
const postgres = databases.find((database) => database.name === 'postgres');
const verpKey = 'fault-verp-key';
const node = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/node');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Several processes share one queue only on PostgreSQL; PGlite is one process. */
describe.skipIf(!url || !postgres)('delivery faults on postgres', () => {
  let db: Db;
  let other: Db;
  let schema: string;
  let companyId: string;

  beforeAll(async () => {
    if (!url || !postgres) return;
    db = await openMigrated(postgres);
    schema = (await db.one<{ schema: string }>('SELECT current_schema() AS schema')).schema;
    other = await openPostgres(url, { searchPath: schema });
    companyId = await newCompany(db);
  });
  afterAll(async () => {
    await other?.close();
    await db?.close();
  });

  /** A worker on `target` whose transport records which message ids it was handed. */
  function recordingWorker(
    target: Db,
    name: string,
    settings: Partial<DeliverySettings> = {},
    holder: LeaseHolder = standaloneHolder(name),
  ) {
    const sent: string[] = [];
    const events = createEventStore(target);
    const suppressions = createSuppressionStore(target);
    const worker = createDeliveryWorker(target, {
      clock: systemClock,
      mode: 'deliver',
      transport: {
        async deliver(job) {
          sent.push(messageOfVerp(verpKey, job.mailFrom) ?? 'unknown');
          await new Promise((resolve) => setImmediate(resolve));
          return delivered();
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
      reportError: (error) => {
        throw error;
      },
      holder,
      settings,
    });
    return { worker, sent };
  }

  async function enqueueMany(count: number, tag: string): Promise<string[]> {
    const createdAt = new Date(Date.now() - 1000);
    const messages = Array.from({ length: count }, (_, index) =>
      queuedMessage(companyId, `${tag}${index}@d${index % 40}.test`, { createdAt }),
    );
    await enqueue(db, messages);
    return messages.map((message) => message.id);
  }

  const counts = async (ids: string[]) =>
    db.one<{ delivered: number; events: number; distinct_events: number }>(
      `SELECT (SELECT count(*)::int FROM messages WHERE id = ANY($1::uuid[]) AND status = 'delivered') AS delivered,
         (SELECT count(*)::int FROM message_events WHERE message_id = ANY($1::uuid[]) AND type = 'delivery') AS events,
         (SELECT count(DISTINCT message_id)::int FROM message_events
          WHERE message_id = ANY($1::uuid[]) AND type = 'delivery') AS distinct_events`,
      [ids],
    );

  it('two workers on two connections deliver 10,000 messages, none twice, none missing', async () => {
    const ids = await enqueueMany(10_000, 'pair');
    const first = recordingWorker(db, 'first', { batchSize: 200 });
    const second = recordingWorker(other, 'second', { batchSize: 200 });
    const drain = async (worker: { runOnce(): Promise<number> }) => {
      while ((await worker.runOnce()) > 0) {
        // until nothing is left to claim
      }
    };
    await Promise.all([drain(first.worker), drain(second.worker)]);
    const all = [...first.sent, ...second.sent];
    expect(all).toHaveLength(10_000);
    expect(new Set(all)).toEqual(new Set(ids));
    expect(first.sent.length).toBeGreaterThan(1000);
    expect(second.sent.length).toBeGreaterThan(1000);
    expect(await counts(ids)).toEqual({ delivered: 10_000, events: 10_000, distinct_events: 10_000 });
  }, 60_000);

  it('a worker SIGKILLed mid-batch loses nothing: its leased messages go to another once its heartbeat stood still', async () => {
    if (!url) return;
    const ids = await enqueueMany(3000, 'kill');
    const dir = await mkdtemp(path.join(tmpdir(), 'delivery-kill-'));
    const recordFile = path.join(dir, 'sent.txt');
    // Longer than the test: only the heartbeat can give the killed worker's messages to the survivor.
    const leaseMs = 10 * 60_000;
    const deadAfterMs = 3000;
    const child = spawn(node, [path.join(import.meta.dirname, 'doomed-worker.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        SEARCH_PATH: schema,
        RECORD_FILE: recordFile,
        LEASE_MS: String(leaseMs),
        DEAD_AFTER_MS: String(deadAfterMs),
        VERP_KEY: verpKey,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const recorded = async () =>
      (await readFile(recordFile, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    const started = Date.now();
    while ((await recorded()).length < 300) {
      if (Date.now() - started > 20_000) throw new Error('the child worker did not start delivering');
      await pause(10);
    }
    child.kill('SIGKILL');
    await exited;
    const { leased } = await db.one<{ leased: number }>(
      `SELECT count(*)::int AS leased FROM messages
       WHERE id = ANY($1::uuid[]) AND status = 'queued' AND locked_by LIKE 'doomed/%'`,
      [ids],
    );
    expect(leased).toBeGreaterThan(0);
    const byChild = await recorded();

    const presence = createWorkerPresence(db, systemClock, {
      deadAfterMs,
      id: 'survivor',
      reportError: (error) => {
        throw error;
      },
    });
    await presence.start({ sole: false });
    presence.keepBeating();
    const survivor = recordingWorker(db, 'survivor', { leaseMs, attemptTimeoutMs: 1000 }, presence);
    try {
      while ((await counts(ids)).delivered < ids.length) {
        if (Date.now() - started > 40_000) throw new Error('messages left behind');
        if ((await survivor.worker.runOnce()) === 0) await pause(200);
      }
    } finally {
      await presence.stop();
    }
    expect(presence.deadHolders()).toContain('doomed');
    const everyone = new Set([...byChild, ...survivor.sent]);
    expect(everyone).toEqual(new Set(ids));
    // Only the attempts in flight at the kill (the child's concurrency: four) can have gone out twice.
    const twice = survivor.sent.filter((id) => byChild.includes(id));
    expect(twice.length).toBeLessThanOrEqual(4);
    expect(survivor.sent.length).toBeGreaterThanOrEqual(leased);
    expect(await counts(ids)).toEqual({ delivered: 3000, events: 3000, distinct_events: 3000 });
    await rm(dir, { recursive: true, force: true });
  }, 60_000);
});
