import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../html-escape.ts';
import { sendPublicPage } from '../../http/public-page.ts';
import type { FeedbackRecorder } from '../inbound-mx/feedback-recorder.ts';
import type { MessageFacts } from '../messages/message-facts.ts';
import { messageOfToken } from './token.ts';

export interface UnsubscribeDeps {
  /** unsubscribeKey(SECRET): the key the List-Unsubscribe links were made with. */
  key: string;
  messageFacts(id: string): Promise<MessageFacts | undefined>;
  feedback: Pick<FeedbackRecorder, 'record'>;
}

/** The RFC 8058 body is one short field; anything much longer is not a one-click request. */
const maxBodyBytes = 16 * 1024;

/** RFC 8058: `List-Unsubscribe=One-Click`, form-encoded or as a multipart/form-data field. */
export function isOneClickBody(contentType: string, body: unknown): boolean {
  if (typeof body !== 'string') return false;
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    return new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click';
  }
  if (contentType.startsWith('multipart/form-data')) {
    return /name="?List-Unsubscribe"?[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/i.test(body);
  }
  return false;
}

function sendText(reply: FastifyReply, status: number, text: string) {
  return reply
    .status(status)
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(text);
}

const invalidLink = 'This unsubscribe link is not valid.\n';

/**
 * One-click unsubscribe (RFC 8058), outside `/api/v1`: no cookie, no login, the token alone.
 * POST unsubscribes (once; again changes nothing); GET only shows a button that POSTs, so a link
 * scanner following the URL unsubscribes nobody.
 */
export function unsubscribeRoutes(deps: UnsubscribeDeps) {
  const messageOf = async (request: FastifyRequest): Promise<MessageFacts | undefined> => {
    const { token } = request.params as { token: string };
    const id = messageOfToken(deps.key, token);
    return id ? deps.messageFacts(id) : undefined;
  };

  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: maxBodyBytes },
      (_request, body, done) => done(null, body),
    );

    app.get('/unsubscribe/:token', { schema: { hide: true } }, async (request, reply) => {
      const message = await messageOf(request);
      if (!message) return sendText(reply, 404, invalidLink);
      return sendPublicPage(
        reply,
        'Unsubscribe',
        `<p>Stop receiving marketing mail from ${escapeHtml(message.friendlyFrom || 'this sender')} at
<strong>${escapeHtml(message.rcptTo)}</strong>?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button></form>`,
      );
    });

    app.post('/unsubscribe/:token', { schema: { hide: true } }, async (request, reply) => {
      const message = await messageOf(request);
      if (!message) return sendText(reply, 404, invalidLink);
      if (!isOneClickBody(request.headers['content-type'] ?? '', request.body)) {
        return sendText(
          reply,
          400,
          'A one-click unsubscribe sends the form field List-Unsubscribe=One-Click.\n',
        );
      }
      await deps.feedback.record([
        {
          message,
          kind: 'list_unsubscribe',
          fields: { mailfrom: message.rcptTo },
          suppress: {
            types: ['non_transactional'],
            source: 'List Unsubscribe',
            description: 'Unsubscribed using list unsubscribe header',
          },
        },
      ]);
      return sendPublicPage(
        reply,
        'Unsubscribed',
        `<p><strong>${escapeHtml(message.rcptTo)}</strong> will receive no more marketing mail from
${escapeHtml(message.friendlyFrom || 'this sender')}.</p>`,
      );
    });

    // Where a campaign's unsubscribe link lands: the click itself (data-msys-unsubscribe="1", a
    // tracked link) unsubscribed the address before the redirect brought the reader here.
    app.get('/unsubscribe', { schema: { hide: true } }, async (_request, reply) =>
      sendPublicPage(
        reply,
        'Unsubscribed',
        '<p>You will receive no more marketing mail at the address this message was sent to.</p>',
      ),
    );
  };
}
