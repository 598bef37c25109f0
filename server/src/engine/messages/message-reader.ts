import libmime from 'libmime';
import { simpleParser } from 'mailparser';
import type { Db } from '../../db/db.ts';
import { containsPattern } from '../../db/like-pattern.ts';

export type MessageEnvironment = 'sandbox' | 'production';

export interface MessageSummary {
  id: string;
  /** The header From (friendly_from), else the envelope sender. */
  from: string;
  to: string;
  subject: string;
  createdAt: Date;
  /** Bytes of the MIME source. */
  size: number;
}

export interface StoredMessage extends MessageSummary {
  raw: Buffer;
}

export interface MessageListQuery {
  companyId: string;
  environment: MessageEnvironment;
  page: number;
  size: number;
  /** Case-insensitive substring of the subject or the recipient. */
  search?: string | undefined;
  /** Only the messages of this transmission. */
  transmissionId?: string | undefined;
}

export interface ParsedMessage {
  headers: { name: string; value: string }[];
  /** As sent: not sanitized. null when the message has no HTML part. */
  html: string | null;
  text: string;
  attachments: { filename: string; contentType: string; size: number }[];
}

interface SummaryRow {
  id: string;
  mail_from: string;
  friendly_from: string;
  rcpt_to: string;
  subject: string;
  created_at: Date;
  size: number;
}

const summaryColumns =
  'id, mail_from, friendly_from, rcpt_to, subject, created_at, COALESCE(octet_length(raw), 0) AS size';

const toSummary = (row: SummaryRow): MessageSummary => ({
  id: row.id,
  from: row.friendly_from || row.mail_from,
  to: row.rcpt_to,
  subject: row.subject,
  createdAt: row.created_at,
  size: Number(row.size),
});

/** Newest first; the company's messages of one environment only. */
export async function listMessages(
  db: Db,
  query: MessageListQuery,
): Promise<{ items: MessageSummary[]; total: number }> {
  const params: unknown[] = [query.companyId, query.environment];
  let where = 'company_id = $1 AND environment = $2';
  if (query.search) {
    params.push(containsPattern(query.search));
    where += ` AND (subject ILIKE $${params.length} ESCAPE '\\' OR rcpt_to ILIKE $${params.length} ESCAPE '\\')`;
  }
  if (query.transmissionId) {
    params.push(query.transmissionId);
    where += ` AND transmission_id = $${params.length}::bigint`;
  }
  const limit = params.length + 1;
  const rows = await db.query<SummaryRow>(
    `SELECT ${summaryColumns} FROM messages WHERE ${where}
     ORDER BY created_at DESC, id DESC LIMIT $${limit} OFFSET $${limit + 1}`,
    [...params, query.size, (query.page - 1) * query.size],
  );
  const { total } = await db.one<{ total: number }>(
    `SELECT count(*)::int AS total FROM messages WHERE ${where}`,
    params,
  );
  return { items: rows.map(toSummary), total };
}

/** The company's messages of one environment, all or those created since a time. */
export async function countMessages(
  db: Db,
  companyId: string,
  environment: MessageEnvironment,
  since = new Date(0),
): Promise<number> {
  const { total } = await db.one<{ total: number }>(
    `SELECT count(*)::int AS total FROM messages
     WHERE company_id = $1 AND environment = $2 AND created_at >= $3`,
    [companyId, environment, since],
  );
  return total;
}

export async function findMessage(
  db: Db,
  companyId: string,
  environment: MessageEnvironment,
  id: string,
): Promise<StoredMessage | undefined> {
  const row = await db.maybeOne<SummaryRow & { raw: Uint8Array | null }>(
    `SELECT ${summaryColumns}, raw FROM messages WHERE id = $1 AND company_id = $2 AND environment = $3`,
    [id, companyId, environment],
  );
  // A message of a transmission accepted in bulk has no bytes until a delivery worker composes it.
  if (!row?.raw) return undefined;
  // pg gives a Buffer, PGlite a Uint8Array: view the same bytes as a Buffer either way.
  const raw = Buffer.isBuffer(row.raw)
    ? row.raw
    : Buffer.from(row.raw.buffer, row.raw.byteOffset, row.raw.byteLength);
  return { ...toSummary(row), raw };
}

/** Header name and value as in the source, unfolded, encoded words decoded. */
function headerOf(line: string): { name: string; value: string } {
  const colon = line.indexOf(':');
  const name = colon === -1 ? line : line.slice(0, colon);
  const value = colon === -1 ? '' : line.slice(colon + 1).replace(/\r?\n[ \t]+/g, ' ');
  return { name: name.trim(), value: libmime.decodeWords(value.trim()) };
}

export async function parseMessage(raw: Buffer): Promise<ParsedMessage> {
  // Inline images (cid: links) become data: URLs, so the console shows them without another call.
  const mail = await simpleParser(raw, { skipTextToHtml: true });
  return {
    headers: mail.headerLines.map((header) => headerOf(header.line)),
    html: typeof mail.html === 'string' ? mail.html : null,
    text: mail.text ?? '',
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename ?? '',
      contentType: attachment.contentType,
      size: attachment.size,
    })),
  };
}

/** One attachment of a message with its bytes, by its position among the parsed attachments. */
export async function attachmentOf(
  raw: Buffer,
  index: number,
): Promise<{ filename: string; contentType: string; content: Buffer } | undefined> {
  const mail = await simpleParser(raw, { skipTextToHtml: true, skipHtmlToText: true });
  const attachment = mail.attachments[index];
  if (!attachment) return undefined;
  return {
    filename: attachment.filename ?? '',
    contentType: attachment.contentType,
    content: attachment.content,
  };
}
