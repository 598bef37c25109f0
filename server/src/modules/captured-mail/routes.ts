import {
  capturedMailListData,
  capturedMailListQuery,
  capturedMailParams,
  capturedMailSchema,
  envelope,
} from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { appError } from '../../http/errors.ts';

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

/** The local mail viewer (like Mailpit): no login, and only while MAIL_MODE=capture. */
export function capturedMailRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const requireCapture = async () => {
    if (ctx.config.mail.mode !== 'capture') {
      throw appError(404, 'featureDisabled', 'Captured mail is only kept when MAIL_MODE=capture');
    }
  };

  return async (app) => {
    app.get(
      '/captured-mail',
      {
        preHandler: requireCapture,
        schema: {
          tags: ['captured mail'],
          summary: 'Captured outgoing mail, newest first',
          querystring: capturedMailListQuery,
          response: { 200: envelope(capturedMailListData) },
        },
      },
      async (request) => {
        const { page, size } = request.query;
        const rows = await ctx.db.query<MailRow>(
          `SELECT id, "to", "from", subject, created_at FROM captured_mail
           ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
          [size, (page - 1) * size],
        );
        const { total } = await ctx.db.one<{ total: number }>(
          'SELECT count(*)::int AS total FROM captured_mail',
        );
        return { data: { items: rows.map(summary), total, page, size } };
      },
    );

    app.get(
      '/captured-mail/:id',
      {
        preHandler: requireCapture,
        schema: {
          tags: ['captured mail'],
          summary: 'One captured mail with its HTML and text bodies',
          params: capturedMailParams,
          response: { 200: envelope(capturedMailSchema) },
        },
      },
      async (request) => {
        const row = await ctx.db.maybeOne<MailRow & { html: string; text: string }>(
          'SELECT id, "to", "from", subject, html, text, created_at FROM captured_mail WHERE id = $1',
          [request.params.id],
        );
        if (!row) throw appError(404, 'entityNotFound', 'Mail not found');
        return { data: { ...summary(row), html: row.html, text: row.text } };
      },
    );
  };
}
