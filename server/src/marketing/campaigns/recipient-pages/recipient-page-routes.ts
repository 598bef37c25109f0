import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../../domain-error.ts';
import { escapeHtml } from '../../../html-escape.ts';
import { sendPublicPage } from '../../../http/public-page.ts';
import type { Preferences, Reader, RecipientPageService } from './recipient-page-service.ts';
import { ReaderRefusal } from './recipient-page-service.ts';

/** A form of these pages is a few fields; a reply's message is the longest. */
const maxBodyBytes = 16 * 1024;
export const maxReplyChars = 5_000;

const invalidLink = 'This link is not valid. Open the page again from the email you received.';

/**
 * What the mail's own markup may do when it is shown on this origin: nothing that runs (a CSP sandbox
 * gives it an origin of its own, without scripts or forms), images and styles from anywhere as in a
 * mail client, links that open normally.
 */
const viewPolicy = [
  'sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
  "default-src 'none'",
  'img-src https: http: data:',
  "style-src 'unsafe-inline' https:",
  'font-src https: data:',
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The mail as a page titled with its subject (a mail client shows the subject; a tab shows the title). */
function withTitle(html: string, subject: string): string {
  const title = `<title>${escapeHtml(subject)}</title>`;
  const empty = /<title\b[^>]*>\s*<\/title>/i;
  if (empty.test(html)) return html.replace(empty, () => title);
  if (/<title\b/i.test(html)) return html;
  const head = /<head\b[^>]*>/i.exec(html);
  if (head)
    return html.slice(0, head.index + head[0].length) + title + html.slice(head.index + head[0].length);
  const root = /<html\b[^>]*>/i.exec(html);
  if (root)
    return (
      html.slice(0, root.index + root[0].length) +
      `<head>${title}</head>` +
      html.slice(root.index + root[0].length)
    );
  return `<!doctype html><html><head><meta charset="utf-8">${title}</head><body>${html}</body></html>`;
}

const address = (email: string) => `<strong>${escapeHtml(email)}</strong>`;
const paragraph = (text: string, className = '') =>
  `<p${className ? ` class="${className}"` : ''}>${escapeHtml(text)}</p>`;

function preferencesPage(preferences: Preferences, notice: string): string {
  const labels = preferences.labels
    .map(
      (label) =>
        `<label><input type="checkbox" name="label" value="${escapeHtml(label.id)}"${label.member ? ' checked' : ''}> ${escapeHtml(label.name)}</label>`,
    )
    .join('');
  const subscribed = preferences.status === 'subscribed';
  const lists =
    subscribed && preferences.labels.length > 0
      ? `<form method="post"><input type="hidden" name="action" value="save"><fieldset><legend>The lists you receive</legend>${labels}</fieldset><button type="submit">Save my choices</button></form>`
      : '';
  const standing = subscribed
    ? `<form method="post"><input type="hidden" name="action" value="unsubscribe"><button type="submit" class="secondary">Unsubscribe from all</button></form>`
    : preferences.status === 'unsubscribed'
      ? `${paragraph('You are unsubscribed: you receive none of our marketing email.')}<form method="post"><input type="hidden" name="action" value="resubscribe"><button type="submit">Subscribe again</button></form>`
      : paragraph('This address receives no marketing email from us.');
  return `${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}<p>The subscription of ${address(preferences.email)}.</p>${lists}${standing}`;
}

/** What a page shows (under the page's title unless it has its own), or the reply it made itself. */
interface Shown {
  title?: string;
  html: string;
  status?: number;
}

const notices: Record<string, string> = {
  saved: 'Your choices are saved.',
  unsubscribed: 'You are unsubscribed from all our marketing email.',
  resubscribed: 'You are subscribed again.',
};

/**
 * The public pages of a campaign's reader (§2: no login, no help widget; outside `/v1`): each GET
 * only shows, each POST acts (a link scanner following a URL changes nothing) and redirects.
 */
export function recipientPageRoutes(deps: { pages: RecipientPageService }) {
  const { pages } = deps;

  const readerOf = (request: FastifyRequest) => pages.reader((request.params as { token: string }).token);
  const field = (request: FastifyRequest, name: string) =>
    typeof request.body === 'string' ? new URLSearchParams(request.body).getAll(name) : [];

  /** Runs a reader's page; a forged link, a refusal or a missing contact each answer a page saying so. */
  const page =
    (
      title: string,
      run: (reader: Reader, request: FastifyRequest, reply: FastifyReply) => Promise<Shown | FastifyReply>,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const reader = await readerOf(request);
      if (!reader) return sendPublicPage(reply, 'Link not valid', paragraph(invalidLink), 404);
      try {
        const shown = await run(reader, request, reply);
        return 'raw' in shown ? shown : sendPublicPage(reply, shown.title ?? title, shown.html, shown.status);
      } catch (error) {
        if (error instanceof ReaderRefusal || error instanceof DomainError) {
          return sendPublicPage(reply, title, paragraph(error.message, 'error'), 409);
        }
        throw error;
      }
    };

  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: maxBodyBytes },
      (_request, body, done) => done(null, body),
    );
    const hide = { schema: { hide: true } };

    app.get(
      '/email/view/:token',
      hide,
      page('View in browser', async (reader, _request, reply) => {
        const mail = await pages.view(reader);
        if (!mail) {
          return { html: paragraph('This email can no longer be shown.'), status: 404 };
        }
        const titled = withTitle(mail.html, mail.subject);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-security-policy', viewPolicy)
          .send(titled);
      }),
    );

    app.get(
      '/email/preferences/:token',
      hide,
      page('Your subscription', async (reader, request) => {
        const { done } = request.query as { done?: string };
        const notice = (done && notices[done]) ?? '';
        return { html: preferencesPage(await pages.preferences(reader), notice) };
      }),
    );

    app.post(
      '/email/preferences/:token',
      hide,
      page('Your subscription', async (reader, request, reply) => {
        const [action] = field(request, 'action');
        let done: string;
        if (action === 'unsubscribe') {
          await pages.unsubscribe(reader);
          done = 'unsubscribed';
        } else if (action === 'resubscribe') {
          await pages.resubscribe(reader);
          done = 'resubscribed';
        } else {
          await pages.choose(reader, field(request, 'label'));
          done = 'saved';
        }
        return reply.redirect(`${request.url.split('?')[0]}?done=${done}`, 303);
      }),
    );

    app.get(
      '/email/complaint/:token',
      hide,
      page('Report this email', async (reader) => {
        const preferences = await pages.preferences(reader);
        return {
          html: `<p>Report this email to ${address(preferences.email)} as unwanted? You will receive no more marketing email from us.</p>
<form method="post"><button type="submit">Report as unwanted</button></form>`,
        };
      }),
    );

    app.post(
      '/email/complaint/:token',
      hide,
      page('Report this email', async (reader) => {
        await pages.complain(reader);
        return {
          title: 'Thank you',
          html: paragraph('Your report is recorded. You will receive no more marketing email from us.'),
        };
      }),
    );

    app.get(
      '/email/reply/:token',
      hide,
      page('Reply', async (reader) => {
        const preferences = await pages.preferences(reader);
        return {
          html: `<p>Your message goes to the team that sent this email; they answer at ${address(preferences.email)}.</p>
<form method="post"><label for="message">Your message</label><textarea id="message" name="message" rows="8" required maxlength="${maxReplyChars}"></textarea>
<p><button type="submit">Send</button></p></form>`,
        };
      }),
    );

    app.post(
      '/email/reply/:token',
      hide,
      page('Reply', async (reader, request) => {
        const message = (field(request, 'message')[0] ?? '').trim();
        if (message === '' || message.length > maxReplyChars) {
          throw new ReaderRefusal(`Write a message of 1 to ${maxReplyChars} characters.`);
        }
        await pages.reply(reader, message);
        return {
          title: 'Message sent',
          html: paragraph('Thank you: your message is on its way to the team.'),
        };
      }),
    );

    app.get(
      '/email/forward/:token',
      hide,
      page('Forward to a friend', async (reader) => {
        await pages.preferences(reader);
        return {
          html: `<p>Send this email to a friend. They get a copy without your details, and no subscription.</p>
<form method="post"><label for="friend">Your friend's email address</label><input id="friend" type="email" name="email" required maxlength="254" autocomplete="off">
<p><button type="submit">Forward</button></p></form>`,
        };
      }),
    );

    app.post(
      '/email/forward/:token',
      hide,
      page('Forward to a friend', async (reader, request) => {
        const friend = (field(request, 'email')[0] ?? '').trim();
        if (!/^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(friend) || friend.length > 254) {
          throw new ReaderRefusal("Give your friend's email address, like name@example.com.");
        }
        await pages.forward(reader, friend);
        return { title: 'Forwarded', html: `<p>The email is on its way to ${address(friend)}.</p>` };
      }),
    );
  };
}
