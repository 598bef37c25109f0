import {
  capturedMailKeyQuery,
  capturedMailListData,
  capturedMailListQuery,
  capturedMailParams,
  capturedMailSchema,
  envelope,
} from '@app/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { DomainError } from '../../domain-error.ts';
import type { AuthGuards } from '../../http/auth.ts';
import type { CapturedMailReader, CapturedMailRow, Reader } from './captured-mail-reader.ts';
import { isCapturedMailKey } from './operator-key.ts';

export interface CapturedMailRouteDeps {
  config: Pick<Config, 'mail'>;
  guards: Pick<AuthGuards, 'full'>;
  capturedMail: CapturedMailReader;
}

const summary = (row: CapturedMailRow) => ({
  id: row.id,
  to: row.to,
  from: row.from,
  subject: row.subject,
  createdAt: row.created_at.toISOString(),
});

/**
 * The local mail viewer (like Mailpit), only while MAIL_MODE=capture. A signed-in user reads the
 * mail sent to their own address; the operator link (`?key=`, printed in the server log at start)
 * reads all of it. Nobody reads mail addressed to someone else.
 */
export function capturedMailRoutes(deps: CapturedMailRouteDeps, operatorKey: string): FastifyPluginAsyncZod {
  /** onRequest, so a stranger gets 401/403 before the query is even validated. */
  const admitReader = async (request: FastifyRequest) => {
    if (deps.config.mail.mode !== 'capture') {
      throw new DomainError('featureDisabled', 'Captured mail is only kept when MAIL_MODE=capture');
    }
    const { key } = request.query as { key?: unknown };
    if (key === undefined) return deps.guards.full(request);
    if (typeof key !== 'string' || !isCapturedMailKey(key, operatorKey)) {
      const cause = 'This captured-mail link is not valid: open the one in the server log';
      throw new DomainError('notAllowed', cause, { cause });
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
        const { rows, total } = await deps.capturedMail.list(reader, page, size);
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
        const row = await deps.capturedMail.find(readerOf(request), request.params.id);
        if (!row) throw new DomainError('entityNotFound', 'Mail not found');
        return { data: { ...summary(row), html: row.html, text: row.text } };
      },
    );
  };
}
