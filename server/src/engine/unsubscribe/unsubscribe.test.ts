import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveSecret } from '../../accounts/auth/secret.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCaller } from '../../testing/engine.ts';
import { listUnsubscribeHeaders, messageOfToken, unsubscribeKey, unsubscribeToken } from './token.ts';

describe('unsubscribe tokens', () => {
  it('name their message and cannot be forged or altered', () => {
    const id = randomUUID();
    const token = unsubscribeToken('key-1', id);
    expect(messageOfToken('key-1', token)).toBe(id);
    expect(messageOfToken('key-2', token)).toBeUndefined();
    const other = randomUUID().replaceAll('-', '');
    expect(messageOfToken('key-1', `${other}${token.slice(32)}`)).toBeUndefined();
    // Another last character (it may already be an A).
    expect(
      messageOfToken('key-1', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`),
    ).toBeUndefined();
    expect(messageOfToken('key-1', 'garbage')).toBeUndefined();
  });

  it('make the RFC 8058 headers', () => {
    const id = randomUUID();
    expect(listUnsubscribeHeaders('key-1', 'https://mail.example.test/', id)).toEqual({
      'List-Unsubscribe': `<https://mail.example.test/unsubscribe/${unsubscribeToken('key-1', id)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe.each(databases)('one-click unsubscribe on $name', (database) => {
  const t = useTestApp(database);
  const call = engineCaller(t);
  let a: EngineAccount;
  let b: EngineAccount;
  let key: string;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'unsub-a');
    b = await engineAccount(t.app, t.db, 'unsub-b');
    key = unsubscribeKey(await resolveSecret(t.db, t.config.secret));
  });

  async function sentMessage(account: EngineAccount, rcptTo: string) {
    const id = randomUUID();
    await t.db.query(
      `INSERT INTO messages (id, company_id, environment, mail_from, rcpt_to, friendly_from, subject,
         message_id_header, campaign_id, options, raw, created_at)
       VALUES ($1, $2, 'production', 'bounces@acme.test', $3, 'news@acme.test', 'News', $4, 'newsletter', $5, $6, $7)`,
      [
        id,
        account.companyId,
        rcptTo,
        `<${id}@acme.test>`,
        JSON.stringify({ transactional: false }),
        Buffer.from('Subject: News\r\n\r\nHello\r\n'),
        t.clock.now(),
      ],
    );
    const url = new URL(
      /<([^>]+)>/.exec(listUnsubscribeHeaders(key, t.config.publicUrl, id)['List-Unsubscribe'])?.[1] ?? '',
    );
    return { id, path: url.pathname };
  }

  const oneClick = (path: string, payload = 'List-Unsubscribe=One-Click') =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });

  const eventsOf = async (account: EngineAccount, messageId: string) => {
    t.clock.advance(1000);
    const response = await call(account, 'GET', `/events/message?messages=${messageId}`);
    return response.json().results as Record<string, unknown>[];
  };

  const suppressionsOf = async (account: EngineAccount, recipient: string) => {
    const response = await call(account, 'GET', `/suppression-list/${recipient}`);
    return response.statusCode === 200 ? (response.json().results as Record<string, unknown>[]) : [];
  };

  it('records a list_unsubscribe event and a List Unsubscribe suppression, once', async () => {
    const message = await sentMessage(a, 'reader@dest.test');
    const first = await oneClick(message.path);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/text\/html/);
    expect(first.body).toContain('reader@dest.test');

    const events = await eventsOf(a, message.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'list_unsubscribe',
      message_id: message.id,
      rcpt_to: 'reader@dest.test',
      mailfrom: 'reader@dest.test',
      campaign_id: 'newsletter',
    });
    const entries = await suppressionsOf(a, 'reader@dest.test');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'non_transactional',
      source: 'List Unsubscribe',
      description: 'Unsubscribed using list unsubscribe header',
    });

    const second = await oneClick(message.path);
    expect(second.statusCode).toBe(200);
    expect(await eventsOf(a, message.id)).toHaveLength(1);
    expect(await suppressionsOf(b, 'reader@dest.test')).toEqual([]);
  });

  it('takes the multipart/form-data body too', async () => {
    const message = await sentMessage(a, 'multipart@dest.test');
    const boundary = 'xyzBOUNDARY';
    const response = await t.app.inject({
      method: 'POST',
      url: message.path,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(200);
    expect(await suppressionsOf(a, 'multipart@dest.test')).toHaveLength(1);
  });

  it('shows a page with a button on GET and unsubscribes nobody', async () => {
    const message = await sentMessage(a, 'scanned@dest.test');
    const page = await t.app.inject({ method: 'GET', url: message.path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/<form method="post">/);
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(page.body).not.toMatch(/<script|<link|src=/);
    expect(await eventsOf(a, message.id)).toEqual([]);
    expect(await suppressionsOf(a, 'scanned@dest.test')).toEqual([]);
  });

  it('answers 404 for a forged or garbled token and 400 without the one-click body', async () => {
    const message = await sentMessage(a, 'forged@dest.test');
    const forged = message.path.replace(/\.[A-Za-z0-9_-]+$/, '.AAAAAAAAAAAAAAAAAAAAAA');
    for (const path of [
      forged,
      '/unsubscribe/garbage',
      `/unsubscribe/${unsubscribeToken(key, randomUUID())}`,
    ]) {
      const response = await oneClick(path);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/plain/);
      expect(response.body).toMatch(/not valid/);
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    }
    const noBody = await oneClick(message.path, 'something=else');
    expect(noBody.statusCode).toBe(400);
    expect(await suppressionsOf(a, 'forged@dest.test')).toEqual([]);
  });

  it("answers the landing page of a campaign's unsubscribe link (the tracked click did the unsubscribe)", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/unsubscribe' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You will receive no more marketing mail');
    expect(page.body).not.toMatch(/<script|<form/);
  });
});
