import type { Db } from '../../db/db.ts';

export interface CapturedMailRow {
  id: string;
  to: string;
  from: string;
  subject: string;
  created_at: Date;
}

/** Whose mail a request may read: everyone's (operator link) or one user's own address. */
export type Reader = { scope: 'all' } | { scope: 'own'; userId: string };

/** SQL condition (and its parameter) that keeps a reader to the mail they may see. */
const readable = (reader: Reader, param: number): [string, unknown[]] =>
  reader.scope === 'all'
    ? ['true', []]
    : [`lower("to") = (SELECT lower(email) FROM users WHERE id = $${param})`, [reader.userId]];

export type CapturedMailReader = ReturnType<typeof createCapturedMailReader>;

/** Reads `captured_mail` (the capture mailer writes it), never past what the reader may see. */
export function createCapturedMailReader(db: Db) {
  return {
    async list(reader: Reader, page: number, size: number) {
      const [condition, params] = readable(reader, 3);
      const rows = await db.query<CapturedMailRow>(
        `SELECT id, "to", "from", subject, created_at FROM captured_mail WHERE ${condition}
         ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
        [size, (page - 1) * size, ...params],
      );
      const [countCondition, countParams] = readable(reader, 1);
      const { total } = await db.one<{ total: number }>(
        `SELECT count(*)::int AS total FROM captured_mail WHERE ${countCondition}`,
        countParams,
      );
      return { rows, total };
    },

    find(reader: Reader, id: string) {
      const [condition, params] = readable(reader, 2);
      return db.maybeOne<CapturedMailRow & { html: string; text: string }>(
        `SELECT id, "to", "from", subject, html, text, created_at FROM captured_mail
         WHERE id = $1 AND ${condition}`,
        [id, ...params],
      );
    },
  };
}
