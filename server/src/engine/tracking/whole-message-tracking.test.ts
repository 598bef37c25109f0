import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCaller, transmit } from '../../testing/engine.ts';
import { relayClient, useTestRelays } from '../../testing/relay.ts';
import { createRelayService } from '../smtp-relay/relay-service.ts';

const publicUrl = 'http://mail.platform.test';
const html =
  '<html><body><a href="https://shop.example/orders" data-msys-linkname="Orders">Orders</a></body></html>';

const clicksIn = (body: string) =>
  [...body.matchAll(/href="([^"]+\/f\/[^"]+)"/g)].map((m) => new URL(m[1] ?? ''));
const pixelsIn = (body: string) =>
  [...body.matchAll(/src="([^"]+\/q\/[^"]+)"/g)].map((m) => new URL(m[1] ?? ''));

describe.each(databases)('tracking of whole messages (email_rfc822, SMTP) on $name', (database) => {
  const t = useTestApp(database, { config: { publicUrl } });
  const call = engineCaller(t);
  const startRelay = useTestRelays('all');
  let port: number;
  let a: EngineAccount;

  beforeAll(async () => {
    port = await startRelay(createRelayService(t.engine));
    a = await engineAccount(t.app, t.db, 'track-whole');
  });

  const received = async (where: string, value: string) => {
    const row = await t.db.one<{ id: string; raw: Uint8Array }>(
      `SELECT id, raw FROM messages WHERE ${where} = $1 ORDER BY created_at DESC LIMIT 1`,
      [value],
    );
    const parsed = await simpleParser(Buffer.from(row.raw));
    return { id: row.id, html: parsed.html || '', text: parsed.text ?? '' };
  };

  const follow = (url: URL) =>
    t.app.inject({
      method: 'GET',
      url: url.pathname,
      headers: { host: url.host, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' },
    });

  it('tracks the html and text parts of email_rfc822 content', async () => {
    const rfc822 = [
      'From: shop@acme.test',
      'Subject: Orders',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'See https://shop.example/orders',
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      '',
      html,
      '--b1--',
      '',
    ].join('\r\n');
    const response = await transmit(t, a, {
      recipients: [{ address: 'jane@dest.test' }],
      content: { email_rfc822: rfc822 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const message = await received('transmission_id', response.json().results.id);
    const [link] = clicksIn(message.html);
    expect(link?.origin).toBe(publicUrl);
    expect(pixelsIn(message.html)).toHaveLength(1);
    expect(message.text).toMatch(/^See http:\/\/mail\.platform\.test\/f\/\S+$/);
    if (!link) throw new Error('no link');
    t.clock.advance(60_000);
    expect((await follow(link)).headers.location).toBe('https://shop.example/orders');
    t.clock.advance(1000);
    const events = (await call(a, 'GET', `/events/message?messages=${message.id}&events=click`)).json()
      .results;
    expect(events).toEqual([
      expect.objectContaining({ type: 'click', target_link_name: 'Orders', rcpt_to: 'jane@dest.test' }),
    ]);
  });

  const relay = (headers: Record<string, string>) =>
    relayClient(port, a.key).sendMail({
      from: 'Shop <shop@acme.test>',
      to: 'smtp-reader@dest.test',
      subject: 'Your order',
      html,
      text: 'See https://shop.example/orders',
      headers,
    });

  it('leaves mail over SMTP untracked by default and tracks it when X-MSYS-API turns tracking on', async () => {
    await relay({ 'X-MSYS-API': JSON.stringify({ campaign_id: 'smtp-plain' }) });
    const plain = await received('campaign_id', 'smtp-plain');
    expect(clicksIn(plain.html)).toEqual([]);
    expect(pixelsIn(plain.html)).toEqual([]);
    expect(plain.html).toContain('href="https://shop.example/orders"');

    await relay({
      'X-MSYS-API': JSON.stringify({
        campaign_id: 'smtp-tracked',
        options: { open_tracking: true, click_tracking: true, initial_open: true },
      }),
    });
    const tracked = await received('campaign_id', 'smtp-tracked');
    const [link] = clicksIn(tracked.html);
    expect(pixelsIn(tracked.html)).toHaveLength(2);
    expect(tracked.text).toMatch(/^See http:\/\/mail\.platform\.test\/f\/\S+/);
    if (!link) throw new Error('no link');
    t.clock.advance(60_000);
    expect((await follow(link)).headers.location).toBe('https://shop.example/orders');
    const [top] = pixelsIn(tracked.html);
    if (!top) throw new Error('no pixel');
    await follow(top);
    t.clock.advance(1000);
    const events = (
      await call(a, 'GET', `/events/message?messages=${tracked.id}&events=click,initial_open`)
    ).json().results as Record<string, unknown>[];
    expect(events.map((event) => event.type).sort()).toEqual(['click', 'initial_open']);
    expect(events[0]).toMatchObject({ campaign_id: 'smtp-tracked', rcpt_to: 'smtp-reader@dest.test' });
  });
});
