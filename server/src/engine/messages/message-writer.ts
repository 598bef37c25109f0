import { copyNullable, copyText } from '../../db/copy-text.ts';
import { type Db, notify } from '../../db/db.ts';
import { deleteInSlices } from '../../db/delete-in-slices.ts';
import { timeOrderedUuid } from '../../db/time-ordered-uuid.ts';
import type { MessageEnvironment } from './message-reader.ts';

/** One recipient's message, composed and ready for the delivery workers. */
export interface NewMessage {
  id: string;
  companyId: string;
  subaccountId: number;
  transmissionId: string | null;
  environment: 'sandbox' | 'production';
  mailFrom: string;
  rcptTo: string;
  friendlyFrom: string;
  subject: string;
  messageIdHeader: string;
  campaignId: string;
  templateId: string | null;
  options: Record<string, unknown>;
  raw: Buffer;
  createdAt: Date;
}

/** Notified when production messages are committed, so idle delivery workers start at once. */
export const messagesQueuedChannel = 'messages_queued';

const rowsPerInsert = 1000;
/** Raw bytes per statement: the JSON parameter is one string, and V8 strings stop near 512 MB. */
const bytesPerInsert = 32 * 1024 * 1024;

/** Consecutive slices of at most rowsPerInsert rows and about bytesPerInsert raw bytes (at least one row). */
function chunks(messages: readonly NewMessage[]): NewMessage[][] {
  const result: NewMessage[][] = [];
  let current: NewMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    if (
      current.length > 0 &&
      (current.length >= rowsPerInsert || bytes + message.raw.length > bytesPerInsert)
    ) {
      result.push(current);
      current = [];
      bytes = 0;
    }
    current.push(message);
    bytes += message.raw.length;
  }
  if (current.length > 0) result.push(current);
  return result;
}

/**
 * Inserts messages (production ones queued for delivery, due at once; sandbox ones kept for the
 * test inbox and never delivered), up to a thousand (and 32 MB) per statement, only through `tx`.
 * The rows travel as one JSON parameter and the raw message as base64 decoded by the database:
 * PGlite serializes each parameter, and a Buffer byte by byte, which made the insert five times
 * slower (measured).
 */
export async function insertMessages(tx: Db, messages: readonly NewMessage[]): Promise<void> {
  for (const chunk of chunks(messages)) {
    const rows = chunk.map((message) => ({
      id: message.id,
      company_id: message.companyId,
      subaccount_id: message.subaccountId,
      transmission_id: message.transmissionId,
      environment: message.environment,
      mail_from: message.mailFrom,
      rcpt_to: message.rcptTo,
      friendly_from: message.friendlyFrom,
      subject: message.subject,
      message_id_header: message.messageIdHeader,
      campaign_id: message.campaignId,
      template_id: message.templateId,
      options: message.options,
      raw: message.raw.toString('base64'),
      created_at: message.createdAt,
    }));
    await tx.query(
      `INSERT INTO messages (id, company_id, subaccount_id, transmission_id, environment, status, mail_from,
         rcpt_to, friendly_from, subject, message_id_header, campaign_id, template_id, options, raw, created_at,
         next_attempt_at)
       SELECT id, company_id, subaccount_id, transmission_id, environment,
         CASE environment WHEN 'sandbox' THEN 'sandbox' ELSE 'queued' END, mail_from, rcpt_to, friendly_from,
         subject, message_id_header, campaign_id, template_id, options, decode(raw, 'base64'), created_at,
         created_at
       FROM json_to_recordset($1::json) AS r(id uuid, company_id uuid, subaccount_id bigint, transmission_id bigint,
         environment text, mail_from text, rcpt_to text, friendly_from text, subject text, message_id_header text,
         campaign_id text, template_id text, options jsonb, raw text, created_at timestamptz)`,
      [JSON.stringify(rows)],
    );
  }
  if (messages.some((message) => message.environment === 'production')) {
    await notify(tx, messagesQueuedChannel, '');
  }
}

/** A queued recipient's rendering input, stored as it is on its row (messages.recipient). */
export interface QueuedRecipient {
  address: { email: string; name?: string; header_to?: string };
  substitution_data?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  tags?: string[];
  return_path?: string;
}

/** A transmission's recipients queued for composition by the delivery workers. */
export interface QueuedBatch {
  companyId: string;
  subaccountId: number;
  transmissionId: string;
  campaignId: string;
  templateId: string | null;
  /** The options every message of the transmission shares; metadata and tags are added per row. */
  options: Record<string, unknown>;
  /** Merged under each recipient's metadata. */
  metadata: Record<string, unknown>;
  /** The envelope sender of recipients with no return_path of their own ('' when none: the From address then). */
  returnPath: string;
  createdAt: Date;
  recipients: readonly QueuedRecipient[];
  /** The rows as JSON statement parameters, made before the transaction where there is no COPY (PGlite). */
  payloads?: QueuedPayload[];
}

/** Rows and characters per insert statement of queued recipients (PGlite). */
const queuedRowsPerInsert = 10_000;
const queuedCharsPerInsert = 32 * 1024 * 1024;
/** COPY rows made between two turns of the event loop, at most (PostgreSQL). */
const queuedRowsPerSlice = 1_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How long stringifying runs between two turns of the event loop. */
const stringifySliceMs = 10;

/** Queued recipients' rendering input as one JSON array, ready to be a statement's parameter. */
export interface QueuedPayload {
  json: string;
  rows: number;
}

/**
 * The JSON payloads of queued recipients' rendering input, a statement's worth each (at most 10,000
 * rows and 32 MB), stringified with a turn of the event loop every few milliseconds: 100,000
 * recipients, or fewer with large substitution data, take too long to stringify in one.
 */
export async function queuedPayloads(recipients: readonly object[]): Promise<QueuedPayload[]> {
  const payloads: QueuedPayload[] = [];
  let parts: string[] = [];
  let chars = 0;
  const flush = () => {
    if (parts.length > 0) payloads.push({ json: `[${parts.join(',')}]`, rows: parts.length });
    parts = [];
    chars = 0;
  };
  let sliceStarted = performance.now();
  for (const recipient of recipients) {
    if (performance.now() - sliceStarted > stringifySliceMs) {
      await nextTurn();
      sliceStarted = performance.now();
    }
    const text = JSON.stringify(recipient);
    if (
      parts.length >= queuedRowsPerInsert ||
      (parts.length > 0 && chars + text.length > queuedCharsPerInsert)
    )
      flush();
    parts.push(text);
    chars += text.length + 1;
  }
  flush();
  return payloads;
}

/** Characters of COPY text made between two turns of the event loop, at most. */
const copyCharsPerSlice = 1024 * 1024;

const copyQueuedSql = `COPY messages (id, company_id, subaccount_id, transmission_id, environment, status, mail_from,
  rcpt_to, message_id_header, campaign_id, template_id, options, recipient, created_at, next_attempt_at) FROM STDIN`;

/**
 * The batch's rows in COPY's text format, a slice of lines at a time with a turn of the event loop
 * between slices: PostgreSQL stores one slice while the next is made. Each row's options are the
 * shared ones with its metadata (the transmission's under the recipient's) and tags.
 */
async function* queuedLines(batch: QueuedBatch): AsyncGenerator<string> {
  const shared = `${copyText(batch.companyId)}\t${batch.subaccountId}\t${copyText(batch.transmissionId)}\tproduction\tqueued`;
  const tail = `${copyText(batch.campaignId)}\t${copyNullable(batch.templateId)}`;
  const at = batch.createdAt.toISOString();
  const optionsOf = (recipient: QueuedRecipient) =>
    JSON.stringify({
      ...batch.options,
      metadata: { ...batch.metadata, ...recipient.metadata },
      tags: recipient.tags ?? [],
    });
  const sharedOptions = copyText(optionsOf({ address: { email: '' } }));
  let lines = '';
  let rows = 0;
  for (const recipient of batch.recipients) {
    const options =
      recipient.metadata === undefined && recipient.tags === undefined
        ? sharedOptions
        : copyText(optionsOf(recipient));
    lines += `${timeOrderedUuid()}\t${shared}\t${copyText(recipient.return_path ?? batch.returnPath)}\t${copyText(recipient.address.email)}\t\t${tail}\t${options}\t${copyText(JSON.stringify(recipient))}\t${at}\t${at}\n`;
    rows += 1;
    // A slice ends at 1,000 rows or 1 MB of text, whichever comes first (substitution data may be large).
    if (rows === queuedRowsPerSlice || lines.length > copyCharsPerSlice) {
      yield lines;
      lines = '';
      rows = 0;
      await nextTurn();
    }
  }
  if (lines !== '') yield lines;
}

/** Every batch's rows in COPY's text format, one batch after another. */
async function* linesOfBatches(batches: readonly QueuedBatch[]): AsyncGenerator<string> {
  for (const batch of batches) yield* queuedLines(batch);
}

/**
 * Statements' worth of queued recipients (PGlite): each a JSON array of the batches' shared columns
 * with a payload of their recipients, at most 10,000 recipients and 32 MB a statement. A burst of
 * single-recipient sends committed together thus costs one statement, not one each.
 */
function queuedStatements(batches: readonly (QueuedBatch & { payloads: QueuedPayload[] })[]): string[] {
  const statements: string[] = [];
  let parts: string[] = [];
  let rows = 0;
  let chars = 0;
  for (const batch of batches) {
    const shared = JSON.stringify({
      company_id: batch.companyId,
      subaccount_id: batch.subaccountId,
      transmission_id: batch.transmissionId,
      campaign_id: batch.campaignId,
      template_id: batch.templateId,
      options: batch.options,
      metadata: batch.metadata,
      created_at: batch.createdAt.toISOString(),
      return_path: batch.returnPath,
    });
    for (const payload of batch.payloads) {
      if (
        parts.length > 0 &&
        (rows + payload.rows > queuedRowsPerInsert || chars + payload.json.length > queuedCharsPerInsert)
      ) {
        statements.push(`[${parts.join(',')}]`);
        parts = [];
        rows = 0;
        chars = 0;
      }
      parts.push(`${shared.slice(0, -1)},"recipients":${payload.json}}`);
      rows += payload.rows;
      chars += shared.length + payload.json.length;
    }
  }
  if (parts.length > 0) statements.push(`[${parts.join(',')}]`);
  return statements;
}

/**
 * Inserts transmissions' queued recipients through `tx`: production rows due now with no raw message
 * yet, then announces them once to the delivery workers. On PostgreSQL one COPY, its rows made while
 * it runs; elsewhere one statement for many batches (at most 10,000 rows each). The message ids are
 * made here, at acceptance (time-ordered on PostgreSQL): nothing before the first event refers to them.
 */
export async function insertQueued(tx: Db, batches: readonly QueuedBatch[]): Promise<void> {
  if (tx.copyFrom) await tx.copyFrom(copyQueuedSql, linesOfBatches(batches));
  else {
    // Payloads are made before the transaction (ingest); those that were not are made now.
    const ready = await Promise.all(
      batches.map(async (batch) => ({
        ...batch,
        payloads: batch.payloads ?? (await queuedPayloads(batch.recipients)),
      })),
    );
    for (const statement of queuedStatements(ready)) {
      await tx.query(
        `INSERT INTO messages (id, company_id, subaccount_id, transmission_id, environment, status, mail_from,
           rcpt_to, message_id_header, campaign_id, template_id, options, recipient, created_at, next_attempt_at)
         SELECT gen_random_uuid(), b.company_id, b.subaccount_id, b.transmission_id, 'production', 'queued',
           COALESCE(r ->> 'return_path', b.return_path), r -> 'address' ->> 'email', '', b.campaign_id,
           b.template_id,
           b.options || jsonb_build_object('metadata', b.metadata || COALESCE(r -> 'metadata', '{}'::jsonb),
             'tags', COALESCE(r -> 'tags', '[]'::jsonb)),
           r, b.created_at, b.created_at
         FROM json_to_recordset($1::json) AS b(company_id uuid, subaccount_id bigint, transmission_id bigint,
           campaign_id text, template_id text, options jsonb, metadata jsonb, created_at timestamptz,
           return_path text, recipients json)
         CROSS JOIN LATERAL (SELECT e::jsonb AS r FROM json_array_elements(b.recipients) AS e) AS q`,
        [statement],
      );
    }
  }
  if (batches.some((batch) => batch.recipients.length > 0)) await notify(tx, messagesQueuedChannel, '');
}

/** Deletes one of the company's messages in `environment`; false when there is none with that id. */
export async function deleteMessage(
  db: Db,
  companyId: string,
  environment: MessageEnvironment,
  id: string,
): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM messages WHERE id = $1 AND company_id = $2 AND environment = $3 RETURNING id',
    [id, companyId, environment],
  );
  return rows.length > 0;
}

/** Deletes all the company's messages in `environment`; returns how many. */
export async function deleteMessages(
  db: Db,
  companyId: string,
  environment: MessageEnvironment,
): Promise<number> {
  const { deleted } = await db.one<{ deleted: number }>(
    `WITH gone AS (DELETE FROM messages WHERE company_id = $1 AND environment = $2 RETURNING 1)
     SELECT count(*)::int AS deleted FROM gone`,
    [companyId, environment],
  );
  return deleted;
}

/**
 * Deletes the sandbox inbox's messages older than each company's cutoff (its event retention: the
 * inbox keeps what the activity shows), 5,000 rows a statement; returns how many.
 */
export async function purgeSandboxMessages(
  db: Db,
  cutoffs: readonly { companyId: string; before: Date }[],
): Promise<number> {
  let purged = 0;
  for (const { companyId, before } of cutoffs) {
    purged += await deleteInSlices(
      db,
      'messages',
      'id',
      "company_id = $1 AND environment = 'sandbox' AND created_at < $2",
      [companyId, before],
    );
  }
  return purged;
}
