import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { systemClock } from '../../server/src/clock.ts';
import type { Db } from '../../server/src/db/db.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { openPgliteWorker } from '../../server/src/db/pglite-worker.ts';
import { openPostgres } from '../../server/src/db/postgres.ts';
import { createEngine } from '../../server/src/engine/create-engine.ts';
import type { NewMessageEvent } from '../../server/src/engine/events/message-event.ts';
import { newSigningSecret } from '../../server/src/engine/webhooks/signing.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../server/src/testing/webhook-receiver.ts';
import type { Outcome, Row } from './report.ts';
import type { BenchSettings } from './settings.ts';

/** Events per batch, as the dispatcher is configured for the run. */
const batchSize = 500;

const event = (companyId: string, n: number): NewMessageEvent => ({
  companyId,
  subaccountId: 0,
  type: 'delivery',
  timestamp: new Date(),
  messageId: null,
  transmissionId: '1',
  campaignId: 'bench',
  templateId: null,
  rcptTo: `r${n}@bench.example`,
  friendlyFrom: 'orders@shop.example',
  subject: 'Webhook bench',
  ipPool: 'default',
  bounceClass: null,
  reason: '',
  fields: { msg_from: 'bounces@shop.example', rcpt_meta: { n } },
});

async function openDatabase(url: string | undefined): Promise<{ db: Db; close(): Promise<void> }> {
  if (url) {
    const db = await openPostgres(url);
    await migrate(db);
    return { db, close: () => db.close() };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-webhooks-'));
  const db = await openPgliteWorker(dir, { fsync: false });
  await migrate(db);
  return {
    db,
    close: async () => {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The limit: the same bodies POSTed by a bare loop of node:http, one at a time, to the same receiver. */
async function bareLoop(
  receiver: WebhookReceiver,
  bodies: readonly string[],
  events: number,
): Promise<Outcome> {
  const agent = new http.Agent({ keepAlive: true });
  const started = performance.now();
  for (const body of bodies) {
    await new Promise<void>((resolve, reject) => {
      const request = http.request(
        receiver.url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (response) => {
          response.resume();
          response.on('end', resolve);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { rate: events / seconds, unit: 'events/s', detail: `${seconds.toFixed(2)} s` };
}

/**
 * Webhook delivery: `events` events written through the engine (each queued for one webhook in the
 * writer's transaction), then the dispatcher drains them in signed batches of 500 to a loopback
 * receiver; events/s from the first POST to the last. The limit is a bare loop POSTing the same
 * bodies one after the other (our batches of one webhook go strictly in order too).
 */
export async function measureWebhooks(
  settings: BenchSettings,
  databases: readonly { label: string; url: string | undefined }[],
  log: (line: string) => void,
): Promise<Row[]> {
  const rows: Row[] = [];
  const events = settings.webhookEvents;
  for (const target of databases) {
    log(`webhook delivery on ${target.label}: ${events} events`);
    const { db, close } = await openDatabase(target.url);
    const receiver = await startWebhookReceiver();
    const engine = createEngine(db, systemClock, () => {});
    const dispatcher = engine.webhooks.dispatcher(
      { resolve: async () => ['127.0.0.1'], allowedNetworks: ['127.0.0.0/8'] },
      (error) => log(`  webhook error: ${(error as Error).message}`),
      { batchSize },
    );
    try {
      const { id: companyId } = await db.one<{ id: string }>(
        `INSERT INTO companies (name, created_at) VALUES ('webhook bench', now()) RETURNING id::text AS id`,
      );
      await engine.webhooks.store.create(
        companyId,
        0,
        {
          eventSource: -1,
          name: 'bench',
          target: `${receiver.url}/bench`,
          events: ['delivery'],
          active: true,
          customHeaders: {},
          exceptionSubaccounts: [],
          authType: 'none',
          authRequestDetails: null,
          authCredentials: null,
          authToken: '',
          oauthToken: null,
          oauthExpiresAt: null,
        },
        newSigningSecret(),
      );
      const writeStarted = performance.now();
      for (let start = 0; start < events; start += 1000) {
        const slice = Array.from({ length: Math.min(1000, events - start) }, (_, n) =>
          event(companyId, start + n),
        );
        await db.transaction((tx) => engine.events.insert(tx, slice));
      }
      const writeSeconds = (performance.now() - writeStarted) / 1000;
      const started = performance.now();
      while ((await dispatcher.runOnce()) > 0) {
        // until every batch is out
      }
      const seconds = (performance.now() - started) / 1000;
      const received = receiver.posts.reduce(
        (sum, post) => sum + (JSON.parse(post.body) as unknown[]).length,
        0,
      );
      const ours: Outcome =
        received === events
          ? {
              rate: events / seconds,
              unit: 'events/s',
              detail: `${seconds.toFixed(2)} s; writing them with their outbox rows ${writeSeconds.toFixed(2)} s`,
            }
          : { skipped: `${received} of ${events} events arrived` };
      const limit = await bareLoop(
        receiver,
        receiver.posts.map((post) => post.body),
        events,
      );
      log(
        `  ours ${'rate' in ours ? Math.round(ours.rate) : ours.skipped}, bare loop ${'rate' in limit ? Math.round(limit.rate) : ''}`,
      );
      rows.push({
        scenario: `Webhook delivery, ${events} events in signed batches of ${batchSize} to a loopback receiver [ours on ${target.label}]`,
        peer: 'bare node:http loop POSTing the same bodies',
        limit,
        ours,
      });
    } finally {
      dispatcher.close();
      await receiver.close();
      await close();
    }
  }
  return rows;
}
