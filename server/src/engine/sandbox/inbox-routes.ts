import {
  deletedCountData,
  envelope,
  okData,
  sandboxAttachmentParams,
  sandboxMessageListData,
  sandboxMessageListQuery,
  sandboxMessageParams,
  sandboxMessageSchema,
} from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import {
  attachmentOf,
  findMessage,
  listMessages,
  type MessageSummary,
  parseMessage,
} from '../messages/message-reader.ts';
import { deleteMessage, deleteMessages } from '../messages/message-writer.ts';

const tags = ['sandbox inbox'];

const summary = (message: MessageSummary) => ({
  id: message.id,
  from: message.from,
  to: message.to,
  subject: message.subject,
  createdAt: message.createdAt.toISOString(),
  size: message.size,
});

const notFound = () => new DomainError('entityNotFound', 'Message not found in the sandbox inbox');

/** The sandbox inbox: what the company sent while in the sandbox, like a test inbox. Company-scoped. */
export interface InboxRouteDeps {
  db: Db;
  guards: Pick<AuthGuards, 'full'>;
}

export function inboxRoutes(deps: InboxRouteDeps): FastifyPluginAsyncZod {
  const onRequest = deps.guards.full;
  const changes = [onRequest, requirePermission('send')];
  const find = async (companyId: string, id: string) => {
    const message = await findMessage(deps.db, companyId, 'sandbox', id);
    if (!message) throw notFound();
    return message;
  };

  return async (app) => {
    app.get(
      '/sandbox/messages',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Sandbox messages, newest first; search matches subject or recipient',
          security: bearerSecurity,
          querystring: sandboxMessageListQuery,
          response: { 200: envelope(sandboxMessageListData) },
        },
      },
      async (request) => {
        const { page, size, search, transmissionId } = request.query;
        const { items, total } = await listMessages(deps.db, {
          companyId: sessionOf(request).companyId,
          environment: 'sandbox',
          page,
          size,
          search,
          transmissionId,
        });
        return { data: { items: items.map(summary), total, page, size } };
      },
    );

    app.get(
      '/sandbox/messages/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'One sandbox message, parsed',
          // Served as sent: the console sanitizes the HTML with DOMPurify before rendering it.
          description: 'html is NOT sanitized: sanitize it before rendering.',
          security: bearerSecurity,
          params: sandboxMessageParams,
          response: { 200: envelope(sandboxMessageSchema) },
        },
      },
      async (request) => {
        const message = await find(sessionOf(request).companyId, request.params.id);
        return { data: { ...summary(message), ...(await parseMessage(message.raw)) } };
      },
    );

    app.get(
      '/sandbox/messages/:id/raw',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The MIME source of a sandbox message, as a text/plain download',
          security: bearerSecurity,
          params: sandboxMessageParams,
        },
      },
      async (request, reply) => {
        const message = await find(sessionOf(request).companyId, request.params.id);
        return reply
          .type('text/plain')
          .header('content-disposition', `attachment; filename="${message.id}.eml"`)
          .header('x-content-type-options', 'nosniff')
          .send(message.raw);
      },
    );

    app.get(
      '/sandbox/messages/:id/attachments/:index',
      {
        onRequest,
        schema: {
          tags,
          summary: 'One attachment of a sandbox message (by its position in attachments), as a download',
          security: bearerSecurity,
          params: sandboxAttachmentParams,
        },
      },
      async (request, reply) => {
        const message = await find(sessionOf(request).companyId, request.params.id);
        const attachment = await attachmentOf(message.raw, request.params.index);
        if (!attachment) throw new DomainError('entityNotFound', 'Attachment not found in the message');
        const filename = attachment.filename || `attachment-${request.params.index + 1}`;
        // Always a download, never rendered by the browser on the console's origin.
        return reply
          .type(attachment.contentType || 'application/octet-stream')
          .header('content-disposition', contentDisposition(filename))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(attachment.content);
      },
    );

    app.delete(
      '/sandbox/messages/:id',
      {
        onRequest: changes,
        schema: {
          tags,
          summary: 'Delete one sandbox message',
          security: bearerSecurity,
          params: sandboxMessageParams,
          response: { 200: envelope(okData) },
        },
      },
      async (request) => {
        const deleted = await deleteMessage(
          deps.db,
          sessionOf(request).companyId,
          'sandbox',
          request.params.id,
        );
        if (!deleted) throw notFound();
        return { data: true as const };
      },
    );

    app.delete(
      '/sandbox/messages',
      {
        onRequest: changes,
        schema: {
          tags,
          summary: "Empty the company's sandbox inbox",
          security: bearerSecurity,
          response: { 200: envelope(deletedCountData) },
        },
      },
      async (request) => {
        const deleted = await deleteMessages(deps.db, sessionOf(request).companyId, 'sandbox');
        return { data: { deleted } };
      },
    );
  };
}
