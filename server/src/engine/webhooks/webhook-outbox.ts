import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { StoredMessageEvent } from '../events/event-store.ts';
import { toEventView } from '../events/event-view.ts';
import { heldByAny } from '../worker-presence/lease-holder.ts';

/** SparkPost's envelope key of each event type (`{"msys": {"<key>": {...}}}`); others are message events. */
const envelopeKeys: Record<string, string> = {
  open: 'track_event',
  initial_open: 'track_event',
  click: 'track_event',
  amp_open: 'track_event',
  amp_initial_open: 'track_event',
  amp_click: 'track_event',
  generation_failure: 'gen_event',
  generation_rejection: 'gen_event',
  list_unsubscribe: 'unsubscribe_event',
  link_unsubscribe: 'unsubscribe_event',
  relay_injection: 'relay_event',
  relay_rejection: 'relay_event',
  relay_delivery: 'relay_event',
  relay_tempfail: 'relay_event',
  relay_permfail: 'relay_event',
};

/** One entry of a batch as SparkPost sends it. */
export function envelopeOf(type: string, event: Record<string, unknown>): { msys: Record<string, unknown> } {
  return { msys: { [envelopeKeys[type] ?? 'message_event']: event } };
}

/** What the insert listener needs of a company's active webhook. */
interface Filter {
  company_id: string;
  events: string[];
  event_source: string | number;
  exception_subaccounts: (string | number)[];
}

/** Whether `webhook` wants `event`: its type, and its subaccount (the event source, less the exceptions). */
function matches(webhook: Filter, event: StoredMessageEvent): boolean {
  if (webhook.company_id !== event.companyId || !webhook.events.includes(event.type)) return false;
  const source = Number(webhook.event_source);
  if (source !== -1) return source === event.subaccountId;
  return !webhook.exception_subaccounts.some((id) => Number(id) === event.subaccountId);
}

export interface Batch {
  /** Our row id (ordering). */
  seq: string;
  webhookId: string;
  /** Sent as X-MessageSystems-Batch-ID and webhook-id, the same on every attempt. */
  batchId: string;
  target: string;
  body: string;
  size: number;
  /** Failed attempts so far. */
  attempts: number;
  /** When its oldest event was queued: retries end 8 hours after. */
  oldestQueuedAt: Date;
}

export interface BatchStatus {
  batchId: string;
  webhookId: string;
  createdAt: Date;
  size: number;
  attempts: number;
  responseCode: number | null;
  failureCode: number | null;
  latency: number | null;
  /** delivered (answered 2xx), retrying (a failed attempt, tried again at nextAttemptAt) or failed for good. */
  state: 'delivered' | 'retrying' | 'failed';
  nextAttemptAt: Date | null;
}

interface BatchRow {
  seq: string;
  webhook_id: string;
  batch_id: string;
  target: string;
  body: string;
  batch_size: number;
  attempts: number;
  oldest_queued_at: Date;
  next_attempt_at: Date;
}

const batchColumns =
  'id::text AS seq, webhook_id::text AS webhook_id, batch_id, target, body, batch_size, attempts, oldest_queued_at, next_attempt_at';

const toBatch = (row: BatchRow): Batch => ({
  seq: row.seq,
  webhookId: row.webhook_id,
  batchId: row.batch_id,
  target: row.target,
  body: row.body,
  size: row.batch_size,
  attempts: row.attempts,
  oldestQueuedAt: row.oldest_queued_at,
});

/** SparkPost's batch ids: 32 hex digits. */
const newBatchId = () => randomBytes(16).toString('hex');

export type WebhookOutbox = ReturnType<typeof createWebhookOutbox>;

/** The one owner of `webhook_outbox` and `webhook_batches`: events waiting, batches made and their fate. */
export function createWebhookOutbox(db: Db, clock: Clock) {
  return {
    /**
     * The event store's insert listener: in the writer's transaction, one outbox row per (active
     * webhook whose events and event source match, event), in the events' order. One query when no
     * company of the events has a webhook, two otherwise.
     */
    async enqueue(tx: Db, events: readonly StoredMessageEvent[]): Promise<void> {
      const companies = [...new Set(events.map((event) => event.companyId))];
      const webhooks = await tx.query<Filter>(
        `SELECT company_id::text AS company_id, events, event_source, exception_subaccounts
         FROM webhooks WHERE active AND company_id = ANY($1::uuid[])`,
        [companies],
      );
      if (webhooks.length === 0) return;
      const wanted = events.filter((event) => webhooks.some((webhook) => matches(webhook, event)));
      if (wanted.length === 0) return;
      const rows = wanted.map((event, n) => ({
        n,
        company_id: event.companyId,
        subaccount_id: event.subaccountId,
        type: event.type,
        entry: envelopeOf(event.type, toEventView(event)),
      }));
      // The same rule as `matches`, for each webhook: one row per (webhook, event).
      await tx.query(
        `INSERT INTO webhook_outbox (webhook_id, entry, queued_at)
         SELECT w.id, e.entry, $2
         FROM json_to_recordset($1::json) AS e(n integer, company_id uuid, subaccount_id bigint, type text, entry json)
         JOIN webhooks w ON w.company_id = e.company_id AND w.active AND e.type = ANY(w.events)
           AND (w.event_source = e.subaccount_id
             OR (w.event_source = -1 AND NOT (e.subaccount_id = ANY(w.exception_subaccounts))))
         ORDER BY e.n, w.id`,
        [JSON.stringify(rows), clock.now()],
      );
    },

    /**
     * Takes a webhook with work to do (a batch due for an attempt, or waiting events and no batch
     * pending) for `leaseMs`, for the worker process `holder`; several processes never take the same
     * one, unless its holder is among `deadHolders` (processes found dead).
     */
    async claim(
      now: Date,
      leaseMs: number,
      holder: string,
      deadHolders: readonly string[],
    ): Promise<string | undefined> {
      const row = await db.maybeOne<{ id: string }>(
        `UPDATE webhooks SET lease_until = $2, leased_by = $3 WHERE id = (
           SELECT w.id FROM webhooks w
           WHERE w.active AND (w.lease_until IS NULL OR w.lease_until <= $1 OR ${heldByAny('w.leased_by', '$4')})
             AND (w.next_attempt_at IS NULL OR w.next_attempt_at <= $1)
             AND (EXISTS (SELECT 1 FROM webhook_batches b
                          WHERE b.webhook_id = w.id AND b.status = 'pending' AND b.next_attempt_at <= $1)
               OR (NOT EXISTS (SELECT 1 FROM webhook_batches b WHERE b.webhook_id = w.id AND b.status = 'pending')
                   AND EXISTS (SELECT 1 FROM webhook_outbox o WHERE o.webhook_id = w.id)))
           ORDER BY w.lease_until NULLS FIRST LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED)
         RETURNING id`,
        [now, new Date(now.getTime() + leaseMs), holder, deadHolders],
      );
      return row?.id;
    },

    /**
     * Ends `holder`'s claim at `now` (not another's, taken when this one was found dead): the
     * webhooks released longest ago are claimed first (round robin).
     */
    async release(webhookId: string, now: Date, holder: string): Promise<void> {
      await db.query(
        'UPDATE webhooks SET lease_until = $2, leased_by = NULL WHERE id = $1 AND leased_by = $3',
        [webhookId, now, holder],
      );
    },

    /**
     * The webhook's next batch to send: its oldest pending one when due (none while it waits for its
     * retry), or a new one of up to `maxSize` waiting events, made and taken from the outbox at once.
     */
    async nextBatch(
      webhookId: string,
      target: string,
      now: Date,
      maxSize: number,
    ): Promise<Batch | undefined> {
      const pending = await db.maybeOne<BatchRow>(
        `SELECT ${batchColumns} FROM webhook_batches WHERE webhook_id = $1 AND status = 'pending' ORDER BY id LIMIT 1`,
        [webhookId],
      );
      if (pending) return pending.next_attempt_at <= now ? toBatch(pending) : undefined;
      const made = await db.maybeOne<BatchRow>(
        `WITH taken AS (
           DELETE FROM webhook_outbox WHERE id IN (
             SELECT id FROM webhook_outbox WHERE webhook_id = $1 ORDER BY id LIMIT $2)
           RETURNING id, entry, queued_at)
         INSERT INTO webhook_batches
           (batch_id, webhook_id, target, body, batch_size, created_at, oldest_queued_at, next_attempt_at)
         SELECT $3, $1, $4, '[' || string_agg(entry::text, ',' ORDER BY id) || ']', count(*), $5, min(queued_at), $5
         FROM taken HAVING count(*) > 0
         RETURNING ${batchColumns}`,
        [webhookId, maxSize, newBatchId(), target, now],
      );
      return made ? toBatch(made) : undefined;
    },

    async delivered(batch: Batch, status: number, latencyMs: number, at: Date): Promise<void> {
      await db.query(
        `UPDATE webhook_batches SET status = 'delivered', body = NULL, response_code = $2, failure_code = NULL,
           latency = $3, finished_at = $4 WHERE id = $1`,
        [batch.seq, status, latencyMs, at],
      );
    },

    /**
     * A failed attempt: retried at `retryAt`, or failed for good without one; then the webhook's
     * events queued before `dropBefore` (they too waited past their 8 hours) are dropped at once,
     * shown in batch status as one failed batch of that many events.
     */
    async failed(
      batch: Batch,
      outcome: { status: number | null; latencyMs: number | null },
      at: Date,
      retryAt: Date | undefined,
      dropBefore: Date,
    ): Promise<number> {
      await db.query(
        `UPDATE webhook_batches SET attempts = attempts + 1, response_code = $2, failure_code = $2, latency = $3,
           next_attempt_at = COALESCE($4, next_attempt_at),
           status = CASE WHEN $4::timestamptz IS NULL THEN 'failed' ELSE status END,
           body = CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE body END,
           finished_at = CASE WHEN $4::timestamptz IS NULL THEN $5::timestamptz END
         WHERE id = $1`,
        [batch.seq, outcome.status, outcome.latencyMs, retryAt ?? null, at],
      );
      if (retryAt) return 0;
      const row = await db.maybeOne<{ batch_size: number }>(
        `WITH dropped AS (
           DELETE FROM webhook_outbox WHERE webhook_id = $1 AND queued_at <= $2 RETURNING queued_at)
         INSERT INTO webhook_batches (batch_id, webhook_id, target, body, batch_size, status, created_at,
           oldest_queued_at, next_attempt_at, finished_at)
         SELECT $3, $1, $4, NULL, count(*), 'failed', $5, min(queued_at), $5, $5 FROM dropped HAVING count(*) > 0
         RETURNING batch_size`,
        [batch.webhookId, dropBefore, newBatchId(), batch.target, at],
      );
      return row?.batch_size ?? 0;
    },

    /**
     * Drops the events of each webhook queued beyond its first `limit` (the newest), shown in batch
     * status as one failed batch of that many events; returns how many were dropped.
     */
    async trim(limit: number, at: Date): Promise<number> {
      const webhooks = await db.query<{ id: string; target: string }>(
        'SELECT id::text AS id, target FROM webhooks',
      );
      let dropped = 0;
      for (const webhook of webhooks) {
        const row = await db.maybeOne<{ batch_size: number }>(
          `WITH dropped AS (
             DELETE FROM webhook_outbox WHERE webhook_id = $1 AND id >= (
               SELECT id FROM webhook_outbox WHERE webhook_id = $1 ORDER BY id OFFSET $2 LIMIT 1)
             RETURNING queued_at)
           INSERT INTO webhook_batches (batch_id, webhook_id, target, body, batch_size, status, created_at,
             oldest_queued_at, next_attempt_at, finished_at)
           SELECT $3, $1, $4, NULL, count(*), 'failed', $5, min(queued_at), $5, $5 FROM dropped HAVING count(*) > 0
           RETURNING batch_size`,
          [webhook.id, limit, newBatchId(), webhook.target, at],
        );
        dropped += row?.batch_size ?? 0;
      }
      return dropped;
    },

    /** Forgets the webhook's waiting events and pending batch (it was made inactive or deleted). */
    async purge(webhookId: string): Promise<void> {
      await db.query('DELETE FROM webhook_outbox WHERE webhook_id = $1', [webhookId]);
      await db.query(`DELETE FROM webhook_batches WHERE webhook_id = $1 AND status = 'pending'`, [webhookId]);
    },

    /** Removes queued events whose webhook was deleted while their writer was inserting them. */
    async purgeOrphans(): Promise<number> {
      const rows = await db.query(
        `DELETE FROM webhook_outbox o WHERE NOT EXISTS (SELECT 1 FROM webhooks w WHERE w.id = o.webhook_id)
         RETURNING 1`,
      );
      return rows.length;
    },

    /** Batches of the webhook that were attempted, newest first. */
    async statuses(webhookId: string, limit: number): Promise<BatchStatus[]> {
      const rows = await db.query<{
        batch_id: string;
        webhook_id: string;
        created_at: Date;
        batch_size: number;
        attempts: number;
        response_code: number | null;
        failure_code: number | null;
        latency: number | null;
        status: string;
        next_attempt_at: Date | null;
      }>(
        `SELECT batch_id, webhook_id::text AS webhook_id, created_at, batch_size, attempts, response_code, failure_code, latency,
           status, next_attempt_at
         FROM webhook_batches WHERE webhook_id = $1 AND (status <> 'pending' OR attempts > 0)
         ORDER BY created_at DESC, id DESC LIMIT $2`,
        [webhookId, limit],
      );
      return rows.map((row) => ({
        batchId: row.batch_id,
        webhookId: row.webhook_id,
        createdAt: row.created_at,
        size: row.batch_size,
        attempts: row.attempts,
        responseCode: row.response_code,
        failureCode: row.failure_code,
        latency: row.latency,
        state: row.status === 'delivered' ? 'delivered' : row.status === 'failed' ? 'failed' : 'retrying',
        nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
      }));
    },

    /** Forgets delivered and failed batches finished before `before`; returns how many. */
    async purgeFinished(before: Date): Promise<number> {
      const rows = await db.query(
        `DELETE FROM webhook_batches WHERE status <> 'pending' AND finished_at < $1 RETURNING 1`,
        [before],
      );
      return rows.length;
    },
  };
}
