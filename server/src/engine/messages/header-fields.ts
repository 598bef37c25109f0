import libmime from 'libmime';
import addressparser from 'nodemailer/lib/addressparser';

export interface HeaderFields {
  /** The From address (friendly_from), lower-cased domain kept as written. */
  from: string;
  subject: string;
  messageId: string | undefined;
}

/** Offset of the blank line that ends the header block (the whole buffer when there is none). */
export function headerBlockEnd(raw: Buffer): number {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const ends = [crlf, lf].filter((index) => index >= 0);
  return ends.length > 0 ? Math.min(...ends) : raw.length;
}

/** The fields of a raw message's header the engine records: From, Subject (decoded), Message-ID. */
export function readHeaderFields(raw: Buffer): HeaderFields {
  const block = raw.subarray(0, headerBlockEnd(raw)).toString('utf8');
  const headers = libmime.decodeHeaders(block, { skipPrototypeKeys: true });
  const [first] = addressparser(headers.from?.[0] ?? '', { flatten: true });
  return {
    from: first?.address ?? '',
    subject: libmime.decodeWords(headers.subject?.[0] ?? '').trim(),
    messageId: headers['message-id']?.[0]?.trim() || undefined,
  };
}

/** The message with a Message-ID header added in front when it has none. */
export function withMessageId(raw: Buffer, fields: HeaderFields, messageId: string): Buffer {
  if (fields.messageId) return raw;
  const newline = raw.indexOf('\r\n') >= 0 ? '\r\n' : '\n';
  return Buffer.concat([Buffer.from(`Message-ID: ${messageId}${newline}`), raw]);
}
