import {
  capturedMailKeyQuery,
  capturedMailListData,
  capturedMailListQuery,
  capturedMailParams,
  capturedMailSchema,
  envelope,
} from '@app/shared/api/contract/index';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain-error.ts';
import { isCapturedMailKey } from './operator-key.ts';

interface MailRow {
  id: string;
  to: string;
  from: string;
  subject: string;
  created_at: Date;
}

const summary = (row: MailRow) => ({
  id: row.id,
  to: row.to,
  from: row.from,
  subject: row.subject,
  createdAt: row.created_at.toISOString(),
});

/** Whose mail a request may read: everyone's (operator link) or one user's own address. */
type Reader = { scope: 'all' } | { scope: 'own'; userId: string };

/** SQL condition (and its parameter) that keeps a reader to the mail they may see. */
const readable = (reader: Reader, param: number): [string, unknown[]] =>
  reader.scope === 'all'
    ? ['true', []]
    : [`lower("to") = (SELECT lower(email) FROM users WHERE id = $${param})`, [reader.userId]];

/**
 * The local mail viewer (like Mailpit), only while MAIL_MODE=capture. A signed-in user reads the
 * mail sent to their own address; the operator link (`?key=`, printed in the server log at start)
 * reads all of it. Nobody reads mail addressed to someone else.
 */
export function capturedMailRoutes(ctx: AppContext, operatorKey: string): FastifyPluginAsyncZod {
  /** onRequest, so a stranger gets 401/403 before the query is even validated. */
  const admitReader = async (request: FastifyRequest) => {
    if (ctx.config.mail.mode !== 'capture') {
      throw new DomainError('featureDisabled', 'Captured mail is only kept when MAIL_MODE=capture');
    }
    const { key } = request.query as { key?: unknown };
    if (key === undefined) return ctx.guards.full(request);
    if (typeof key !== 'string' || !isCapturedMailKey(key, operatorKey)) {
      throw new DomainError(
        'notAllowed',
        'This captured-mail link is not valid: open the one in the server log',
      );
    }
  };
  /** After admitReader: a session means the user's own mail; none means the operator's key. */
  const readerOf = (request: FastifyRequest): Reader =>
    request.auth ? { scope: 'own', userId: request.auth.userId } : { scope: 'all' };

  const description =
    'Signed in: the mail sent to your own address. With `key` (the operator link printed in the server ' +
    'log at start): all captured mail. 404 featureDisabled unless MAIL_MODE=capture.';

  return async (app) => {
    app.get(
      '/captured-mail',
      {
        onRequest: admitReader,
        schema: {
          tags: ['captured mail'],
          summary: 'Captured outgoing mail, newest first',
          description,
          querystring: capturedMailListQuery,
          response: { 200: envelope(capturedMailListData) },
        },
      },
      async (request) => {
        const reader = readerOf(request);
        const { page, size } = request.query;
        const [condition, params] = readable(reader, 3);
        const rows = await ctx.db.query<MailRow>(
          `SELECT id, "to", "from", subject, created_at FROM captured_mail WHERE ${condition}
           ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
          [size, (page - 1) * size, ...params],
        );
        const [countCondition, countParams] = readable(reader, 1);
        const { total } = await ctx.db.one<{ total: number }>(
          `SELECT count(*)::int AS total FROM captured_mail WHERE ${countCondition}`,
          countParams,
        );
        return { data: { items: rows.map(summary), total, page, size, scope: reader.scope } };
      },
    );

    app.get(
      '/captured-mail/:id',
      {
        onRequest: admitReader,
        schema: {
          tags: ['captured mail'],
          summary: 'One captured mail with its HTML and text bodies',
          description,
          params: capturedMailParams,
          querystring: capturedMailKeyQuery,
          response: { 200: envelope(capturedMailSchema) },
        },
      },
      async (request) => {
        const [condition, params] = readable(readerOf(request), 2);
        const row = await ctx.db.maybeOne<MailRow & { html: string; text: string }>(
          `SELECT id, "to", "from", subject, html, text, created_at FROM captured_mail
           WHERE id = $1 AND ${condition}`,
          [request.params.id, ...params],
        );
        if (!row) throw new DomainError('entityNotFound', 'Mail not found');
        return { data: { ...summary(row), html: row.html, text: row.text } };
      },
    );
  };
}
