import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { marketingEngineOf } from '../../../engine/interfaces.ts';
import { useTestApp } from '../../../testing/app.ts';
import { campaignHelpers } from '../../../testing/campaigns.ts';
import { databases } from '../../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../../testing/engine.ts';
import { validatedSender } from '../../../testing/senders.ts';
import { createRecipientLinks, nobody } from './recipient-links.ts';
import { readerMessagesPerDay } from './recipient-page-service.ts';

// Links kept out of click tracking, so the mail carries the pages' own URLs.
const html = `<html><body><p>Hi {{firstname}}</p>
<a href="{{view_in_browser_url}}" data-msys-clicktrack="0">View in browser</a>
<a href="{{preferences_url}}" data-msys-clicktrack="0">Preferences</a>
<a href="https://acme.test/bye" data-msys-unsubscribe="1">Unsubscribe</a></body></html>`;

/** A URL as the mail's html carries it: a merge tag's value is HTML-escaped, `/` included. */
const inHtml = (url: string) => url.replaceAll('/', '&#x2F;');

const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of [value].flat()) body.append(name, one);
  }
  return body.toString();
};

describe.each(databases)("a campaign reader's pages on $name", (database) => {
  const t = useTestApp(database);
  const { contact, label, campaign, runner } = campaignHelpers(t);
  let a: EngineAccount;
  let b: EngineAccount;
  let links: ReturnType<typeof createRecipientLinks>;
  let campaignId: string;
  let news: string;
  let offers: string;
  const people: Record<string, string> = {};

  const page = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
  const submit = (url: string, fields: Record<string, string | string[]>) =>
    t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(fields),
    });
  const linksOf = (name: string) => links.of({ campaignId, contactId: people[name] ?? '' });
  const statusOf = async (name: string) => (await t.getData(`/v1/contacts/${people[name]}`, a.token)).status;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'reader-pages');
    b = await engineAccount(t.app, t.db, 'reader-other');
    links = createRecipientLinks({ secret: t.secret, publicUrl: t.config.publicUrl });
    const sender = await validatedSender(t.db, a.companyId, 'news@acme.test');
    for (const name of ['ana', 'bo', 'cy', 'dee']) {
      people[name] = await contact(a, { email: `${name}@pages.test`, firstname: name.toUpperCase() });
    }
    news = await label(a, 'News', Object.values(people));
    offers = await label(a, 'Offers', [people.bo ?? '']);
    const made = await campaign(a, {
      name: 'Pages',
      subject: 'News for {{firstname}}',
      senderId: sender,
      replyTo: 'team@acme.test',
      labels: [news],
      content: { html },
    });
    campaignId = made.id;
    expect((await t.post(`/v1/email-marketing/${campaignId}/send`, a.token, {})).statusCode).toBe(200);
    expect(await runner().runDue()).toBe(1);
  });

  it("puts each reader's own signed links in its mail", async () => {
    await t.composeQueued();
    const row = await t.db.one<{ raw: Uint8Array }>(
      'SELECT raw FROM messages WHERE company_id = $1 AND rcpt_to = $2',
      [a.companyId, 'bo@pages.test'],
    );
    const mail = await simpleParser(Buffer.from(row.raw));
    expect(mail.html).toContain(`href="${inHtml(linksOf('bo').view_in_browser_url)}"`);
    expect(mail.html).toContain(`href="${inHtml(linksOf('bo').preferences_url)}"`);
    expect(linksOf('bo').view_in_browser_url).toMatch(/\/email\/view\/\d+-\d+\.[\w-]{22}$/);
  });

  it('shows the mail in the browser as the reader got it, sandboxed, its unsubscribe link to the subscription', async () => {
    const view = await page(linksOf('bo').view_in_browser_url);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.body).toContain('Hi BO');
    expect(view.body).not.toContain('{{');
    expect(view.headers['content-security-policy']).toMatch(/^sandbox /);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.body).toContain('<title>News for BO</title>');
    expect(view.body).toContain(`<a href="${linksOf('bo').preferences_url}">Unsubscribe</a>`);
    expect((await page(linksOf('ana').view_in_browser_url)).body).toContain('Hi ANA');
  });

  it('answers 404 to a link altered in any way, and to one naming another company’s contact', async () => {
    const good = linksOf('bo').view_in_browser_url;
    const forged = good.replace(`-${people.bo}.`, `-${people.ana}.`);
    expect((await page(forged)).statusCode).toBe(404);
    expect((await page(`${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`)).statusCode).toBe(404);
    expect((await page(`${t.config.publicUrl}/email/view/1;DROP TABLE contacts`)).statusCode).toBe(404);
    const stranger = await contact(b, { email: 'stranger@pages.test' });
    const signed = links.of({ campaignId, contactId: stranger });
    expect((await page(signed.preferences_url)).statusCode).toBe(404);
    expect((await submit(signed.preferences_url, { action: 'unsubscribe' })).statusCode).toBe(404);
  });

  it("lets the reader leave the campaign's label and its own, and join the campaign's back", async () => {
    const url = linksOf('bo').preferences_url;
    const shown = await page(url);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('bo@pages.test');
    expect(shown.body).toMatch(new RegExp(`value="${news}" checked> News`));
    expect(shown.body).toMatch(new RegExp(`value="${offers}" checked> Offers`));
    // Ana is offered the campaign's label only: not Offers, which she is not in.
    expect((await page(linksOf('ana').preferences_url)).body).not.toContain('Offers');

    // A label the page does not offer cannot be joined by a crafted form.
    const other = await label(a, 'Private', []);
    const saved = await submit(url, { action: 'save', label: [other] });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`${new URL(url).pathname}?done=saved`);
    expect((await t.getData(`/v1/contacts/${people.bo}`, a.token)).labels).toEqual([]);
    const after = await t.app.inject({ method: 'GET', url: saved.headers.location as string });
    expect(after.body).toContain('Your choices are saved.');
    // The campaign's label stays on offer; the one left, not being the campaign's, is gone from it.
    expect(after.body).toMatch(new RegExp(`value="${news}"> News`));
    expect(after.body).not.toContain('Offers');
    await submit(url, { action: 'save', label: news });
    const labels = (await t.getData(`/v1/contacts/${people.bo}`, a.token)).labels;
    expect(labels.map((one: { name: string }) => one.name)).toEqual(['News']);
  });

  it('unsubscribes from all (suppressed, in the report) and subscribes again', async () => {
    const url = linksOf('cy').preferences_url;
    expect((await submit(url, { action: 'unsubscribe' })).headers.location).toContain('done=unsubscribed');
    expect(await statusOf('cy')).toBe('unsubscribed');
    const engine = marketingEngineOf(t.engine);
    expect(await engine.suppressedForMarketing(a.companyId, ['cy@pages.test'])).toEqual(
      new Set(['cy@pages.test']),
    );
    expect((await t.getData(`/v1/email-marketing/reports/${campaignId}`, a.token)).unsubscribed).toBe(1);
    expect((await page(url)).body).toContain('Subscribe again');

    await submit(url, { action: 'resubscribe' });
    expect(await statusOf('cy')).toBe('subscribed');
    expect(await engine.suppressedForMarketing(a.companyId, ['cy@pages.test'])).toEqual(new Set());
  });

  it('records a complaint: never mailed again, counted as reported spam', async () => {
    const url = linksOf('dee').complaint_url;
    // Opening the page (a link scanner) reports nothing.
    expect((await page(url)).body).toContain('Report as unwanted');
    expect(await statusOf('dee')).toBe('subscribed');
    const reported = await submit(url, {});
    expect(reported.statusCode).toBe(200);
    expect(await statusOf('dee')).toBe('complained');
    expect((await t.getData(`/v1/email-marketing/reports/${campaignId}`, a.token)).complained).toBe(1);
    const again = await submit(linksOf('dee').preferences_url, { action: 'resubscribe' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('cannot be resubscribed');
  });

  it("mails a reader's reply to the campaign's reply-to, a few a day", async () => {
    const url = linksOf('ana').reply_url;
    expect((await submit(url, { message: '' })).statusCode).toBe(409);
    const sent = await submit(url, { message: 'Can I have <b>two</b>?' });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await t.db.one<{ subject: string; text: string; html: string }>(
      `SELECT subject, text, html FROM captured_mail WHERE "to" = 'team@acme.test' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(mail.subject).toBe('Reply to "News for {{firstname}}" from ana@pages.test');
    expect(mail.text).toContain('Can I have <b>two</b>?');
    expect(mail.html).toContain('Can I have &lt;b&gt;two&lt;/b&gt;?');
    // Posted all at once, the rest of the day's replies pass and no more.
    const burst = await Promise.all(
      Array.from({ length: readerMessagesPerDay + 2 }, (_, n) => submit(url, { message: `again ${n}` })),
    );
    expect(burst.filter((posted) => posted.statusCode === 200)).toHaveLength(readerMessagesPerDay - 1);
    const over = await submit(url, { message: 'one too many' });
    expect(over.statusCode).toBe(409);
    expect(over.body).toContain(`at most ${readerMessagesPerDay}`);
  });

  it("forwards the sent mail to a friend without the reader's data", async () => {
    const url = linksOf('bo').forward_url;
    expect((await submit(url, { email: 'not an address' })).statusCode).toBe(409);
    expect((await submit(url, { email: 'friend@elsewhere.test' })).statusCode).toBe(200);
    await t.composeQueued();
    const row = await t.db.one<{ raw: Uint8Array; campaign_id: string }>(
      'SELECT raw, campaign_id FROM messages WHERE company_id = $1 AND rcpt_to = $2',
      [a.companyId, 'friend@elsewhere.test'],
    );
    expect(row.campaign_id).toBe(`campaign-${campaignId}-forward`);
    const mail = await simpleParser(Buffer.from(row.raw));
    // The reader's name would show as "Hi BO"; a link's random token may hold the letters.
    expect(mail.html).not.toContain('Hi BO');
    expect(mail.html).not.toContain('bo@');
    expect(mail.html).toContain(inHtml(links.of({ campaignId, contactId: nobody }).view_in_browser_url));
  });

  it("says a test's copy has no subscription to manage", async () => {
    const test = links.of({ campaignId, contactId: nobody });
    const shown = await page(test.preferences_url);
    expect(shown.statusCode).toBe(409);
    expect(shown.body).toContain('there is no subscription to manage');
    expect((await page(test.view_in_browser_url)).body).toContain('Hi </p>');
  });
});
