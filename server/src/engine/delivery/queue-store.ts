import type { Db } from '../../db/db.ts';
import { heldByAny } from '../worker-presence/lease-holder.ts';

/** A production message a worker has claimed, with what its delivery and its events need. */
export interface QueuedMessage {
  id: string;
  /** The claim's lease token: every update of the row is fenced by it. */
  lease: string;
  companyId: string;
  subaccountId: number;
  transmissionId: string | null;
  mailFrom: string;
  rcptTo: string;
  friendlyFrom: string;
  subject: string;
  campaignId: string;
  templateId: string | null;
  options: Record<string, unknown>;
  createdAt: Date;
  /** Attempts made before this one. */
  attempts: number;
  /** Bytes of the stored message. */
  size: number;
  /** The stored message; undefined when it is too large to travel with the claim (read it with rawOf). */
  raw: Buffer | undefined;
  /** Set while the message is not composed yet (a transmission accepted in bulk): its rendering input. */
  pending?: Record<string, unknown>;
}

/** A claimed message just composed: what its row keeps. */
export interface ComposedRow {
  id: string;
  mailFrom: string;
  friendlyFrom: string;
  subject: string;
  messageIdHeader: string;
  raw: Buffer;
  /** How the recipient was addressed, kept in the options for the message's later events. */
  rcptType: 'to' | 'cc' | 'bcc';
}

/** The row update of one attempt's outcome. */
export interface QueueUpdate {
  id: string;
  lease: string;
  status: 'queued' | 'delivered' | 'bounced';
  /** The next attempt of a deferred message. */
  nextAttemptAt: Date | null;
  lastReply: string;
  finishedAt: Date | null;
}

interface ClaimRow {
  id: string;
  company_id: string;
  subaccount_id: string;
  transmission_id: string | null;
  mail_from: string;
  rcpt_to: string;
  friendly_from: string;
  subject: string;
  campaign_id: string;
  template_id: string | null;
  options: Record<string, unknown>;
  created_at: Date;
  attempts: number;
  size: number;
  raw: Uint8Array | null;
  pending: Record<string, unknown> | null;
}

/** pg gives a Buffer, PGlite a Uint8Array: the same bytes as a Buffer either way. */
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Claims up to `limit` production messages due at `now` (oldest first) whose lease is free, expired
 * or held by one of `deadHolders` (processes found dead), and leases them to `lease` (its holder's
 * id, '/', the claim) for `leaseMs`; the stored bytes of those up to `rawBytes` come along (the
 * others are read one at a time, so a batch stays small in memory). SKIP LOCKED: concurrent claims
 * take disjoint rows without waiting for each other. Lease times are the database's clock, so
 * workers on several hosts agree on them; due times are the engine's clock (tests move it).
 */
export async function claimDue(
  db: Db,
  lease: string,
  now: Date,
  limit: number,
  leaseMs: number,
  rawBytes: number,
  deadHolders: readonly string[],
): Promise<QueuedMessage[]> {
  const rows = await db.query<ClaimRow>(
    `WITH due AS (
       SELECT id FROM messages
       WHERE status = 'queued' AND environment = 'production' AND next_attempt_at <= $1
         AND (locked_until IS NULL OR locked_until < now() OR ${heldByAny('locked_by', '$6')})
       ORDER BY next_attempt_at
       LIMIT $2
       FOR UPDATE SKIP LOCKED
     )
     UPDATE messages m SET locked_by = $3, locked_until = now() + $4 * interval '1 millisecond'
     FROM due WHERE m.id = due.id
     RETURNING m.id, m.company_id, m.subaccount_id::text AS subaccount_id,
       m.transmission_id::text AS transmission_id, m.mail_from, m.rcpt_to, m.friendly_from, m.subject,
       m.campaign_id, m.template_id, m.options, m.created_at, m.attempts, COALESCE(octet_length(m.raw), 0) AS size,
       CASE WHEN octet_length(m.raw) <= $5 THEN m.raw END AS raw,
       CASE WHEN m.raw IS NULL THEN m.recipient END AS pending`,
    [now, limit, lease, leaseMs, rawBytes, deadHolders],
  );
  return rows.map((row) => ({
    id: row.id,
    lease,
    companyId: row.company_id,
    subaccountId: Number(row.subaccount_id),
    transmissionId: row.transmission_id,
    mailFrom: row.mail_from,
    rcptTo: row.rcpt_to,
    friendlyFrom: row.friendly_from,
    subject: row.subject,
    campaignId: row.campaign_id,
    templateId: row.template_id,
    options: row.options,
    createdAt: row.created_at,
    attempts: row.attempts,
    size: Number(row.size),
    raw: row.raw === null ? undefined : asBuffer(row.raw),
    ...(row.pending === null ? {} : { pending: row.pending }),
  }));
}

/** The stored bytes of a message still leased to `lease`; undefined when the lease is lost. */
export async function rawOf(db: Db, id: string, lease: string): Promise<Buffer | undefined> {
  const row = await db.maybeOne<{ raw: Uint8Array | null }>(
    'SELECT raw FROM messages WHERE id = $1 AND locked_by = $2',
    [id, lease],
  );
  return row?.raw ? asBuffer(row.raw) : undefined;
}

/** Extends the lease of the messages among `ids` still held by `lease`; returns those. */
export async function renewLease(
  db: Db,
  lease: string,
  ids: string[],
  leaseMs: number,
): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>(
    `UPDATE messages SET locked_until = now() + $3 * interval '1 millisecond'
     WHERE id = ANY($1::uuid[]) AND locked_by = $2 AND status = 'queued' RETURNING id`,
    [ids, lease, leaseMs],
  );
  return new Set(rows.map((row) => row.id));
}

/** Gives messages back to the queue untried (a stopping worker's): due as they were. */
export async function releaseLease(db: Db, lease: string, ids: string[]): Promise<void> {
  await db.query(
    `UPDATE messages SET locked_by = NULL, locked_until = NULL
     WHERE id = ANY($1::uuid[]) AND locked_by = $2 AND status = 'queued'`,
    [ids, lease],
  );
}

/**
 * Writes attempts' outcomes through `tx`, each only while its lease holds (a row another worker
 * took over after the lease expired is left alone); returns the ids written.
 */
export async function recordAttempts(tx: Db, updates: readonly QueueUpdate[]): Promise<Set<string>> {
  if (updates.length === 0) return new Set();
  const rows = await tx.query<{ id: string }>(
    `UPDATE messages m SET status = r.status, attempts = m.attempts + 1,
       next_attempt_at = COALESCE(r.next_attempt_at, m.next_attempt_at), last_reply = r.last_reply,
       finished_at = r.finished_at, locked_by = NULL, locked_until = NULL
     FROM json_to_recordset($1::json)
       AS r(id uuid, lease text, status text, next_attempt_at timestamptz, last_reply text, finished_at timestamptz)
     WHERE m.id = r.id AND m.locked_by = r.lease AND m.status = 'queued'
     RETURNING m.id`,
    [
      JSON.stringify(
        updates.map((update) => ({
          id: update.id,
          lease: update.lease,
          status: update.status,
          next_attempt_at: update.nextAttemptAt,
          last_reply: update.lastReply,
          finished_at: update.finishedAt,
        })),
      ),
    ],
  );
  return new Set(rows.map((row) => row.id));
}

/** The most message bytes one statement of storeComposed carries: encoding and sending them is main-thread work. */
const composedBytesPerStatement = 1024 * 1024;

/** `rows` in runs of at most `maxBytes` raw bytes each (a larger row alone). */
function byRawSize(rows: readonly ComposedRow[], maxBytes: number): ComposedRow[][] {
  const runs: ComposedRow[][] = [];
  let run: ComposedRow[] = [];
  let bytes = 0;
  for (const row of rows) {
    if (run.length > 0 && bytes + row.raw.length > maxBytes) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(row);
    bytes += row.raw.length;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * Stores composed messages on their rows still leased to `lease`, through `tx` (retries send the
 * same bytes; the message views read them); their rendering input is dropped. Big messages go in
 * several statements so that no single encoding holds the event loop. Returns the ids written.
 */
export async function storeComposed(
  tx: Db,
  lease: string,
  rows: readonly ComposedRow[],
): Promise<Set<string>> {
  const written = new Set<string>();
  for (const run of byRawSize(rows, composedBytesPerStatement)) {
    const stored = await tx.query<{ id: string }>(
      `UPDATE messages m SET raw = decode(r.raw, 'base64'), mail_from = r.mail_from, friendly_from = r.friendly_from,
         subject = r.subject, message_id_header = r.message_id_header, recipient = NULL,
         options = m.options || jsonb_build_object('rcpt_type', r.rcpt_type)
       FROM json_to_recordset($1::json)
         AS r(id uuid, mail_from text, friendly_from text, subject text, message_id_header text, raw text, rcpt_type text)
       WHERE m.id = r.id AND m.locked_by = $2 AND m.status = 'queued' AND m.raw IS NULL
       RETURNING m.id`,
      [
        JSON.stringify(
          run.map((row) => ({
            id: row.id,
            mail_from: row.mailFrom,
            friendly_from: row.friendlyFrom,
            subject: row.subject,
            message_id_header: row.messageIdHeader,
            raw: row.raw.toString('base64'),
            rcpt_type: row.rcptType,
          })),
        ),
        lease,
      ],
    );
    for (const row of stored) written.add(row.id);
  }
  return written;
}

/** Ends messages that could not be composed (status failed, never attempted), through `tx`; returns the ids written. */
export async function failUncomposed(tx: Db, lease: string, ids: string[], at: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const written = await tx.query<{ id: string }>(
    `UPDATE messages SET status = 'failed', finished_at = $3, recipient = NULL, locked_by = NULL, locked_until = NULL
     WHERE id = ANY($1::uuid[]) AND locked_by = $2 AND status = 'queued' AND raw IS NULL
     RETURNING id`,
    [ids, lease, at],
  );
  return new Set(written.map((row) => row.id));
}
