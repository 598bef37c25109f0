import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCaller, transmit } from '../../testing/engine.ts';
import { useTestDnsServer } from '../../testing/test-dns.ts';

const publicUrl = 'http://mail.platform.test';
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

const html = `<html><body><p>Your order shipped.</p>
<a href="https://shop.example/orders?id=1&amp;ref=mail" data-msys-linkname="Track order">Track it</a>
<a href="https://shop.example/private" data-msys-clicktrack="0">Your account</a>
<a href="mailto:help@shop.example">Write to us</a> <a href="#top">Top</a>
</body></html>`;
const text = 'Track it: https://shop.example/orders?id=1 or write to help@shop.example';

describe.each(databases)('open and click tracking on $name', (database) => {
  const dns = useTestDnsServer();
  const t = useTestApp(database, () => ({ config: { dnsServers: [dns.address], publicUrl } }));
  const call = engineCaller(t);
  let a: EngineAccount;
  let b: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'track-a');
    b = await engineAccount(t.app, t.db, 'track-b');
  });

  /** Sends one message through the engine and reads it as its recipient gets it. */
  async function sent(
    account: EngineAccount,
    extra: Record<string, unknown> = {},
    rcptTo = 'jane@dest.test',
  ) {
    const response = await transmit(t, account, {
      campaign_id: 'shipping',
      recipients: [{ address: rcptTo, tags: ['vip'] }],
      content: { from: 'shop@acme.test', subject: 'Shipped', html, text },
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    const transmissionId = response.json().results.id as string;
    const row = await t.db.one<{ id: string; raw: Uint8Array }>(
      'SELECT id, raw FROM messages WHERE transmission_id = $1',
      [transmissionId],
    );
    const parsed = await simpleParser(Buffer.from(row.raw));
    return { id: row.id, transmissionId, html: parsed.html || '', text: parsed.text ?? '' };
  }

  const pixelsIn = (body: string) =>
    [...body.matchAll(/<img [^>]*src="([^"]+\/q\/[^"]+)"/g)].map((m) => new URL(m[1] ?? ''));
  const clicksIn = (body: string) =>
    [...body.matchAll(/href="([^"]+\/f\/[^"]+)"/g)].map((m) => new URL(m[1] ?? ''));

  const fetch = (
    url: URL,
    userAgent = chrome,
    remoteAddress = '198.51.100.7',
    method: 'GET' | 'HEAD' = 'GET',
  ) =>
    t.app.inject({
      method,
      url: url.pathname,
      headers: { host: url.host, 'user-agent': userAgent },
      remoteAddress,
    });

  const eventsOf = async (account: EngineAccount, messageId: string) => {
    const response = await call(
      account,
      'GET',
      `/events/message?messages=${messageId}&events=open,initial_open,click`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results as Record<string, unknown>[];
  };

  it('tracks the html and text links and adds the pixel; untracked links, mailto and anchors stay', async () => {
    const message = await sent(a);
    const pixels = pixelsIn(message.html);
    expect(pixels).toHaveLength(1);
    expect(pixels[0]?.origin).toBe(publicUrl);
    // The pixel closes the body.
    expect(message.html).toMatch(/\/q\/[^"]+"><\/body>/);
    const clicks = clicksIn(message.html);
    expect(clicks).toHaveLength(1);
    expect(message.html).not.toContain('https://shop.example/orders');
    expect(message.html).toContain('href="https://shop.example/private"');
    expect(message.html).toContain('href="mailto:help@shop.example"');
    expect(message.html).toContain('href="#top"');
    expect(message.html).not.toContain('data-msys-');
    // SparkPost tracks the links of the text part too.
    expect(message.text).toMatch(new RegExp(`Track it: ${publicUrl}/f/\\S+ or write to help@shop.example`));
  });

  it('answers the pixel with a GIF that is never cached, and records the open', async () => {
    const message = await sent(a);
    t.clock.advance(60_000);
    const [pixel] = pixelsIn(message.html);
    if (!pixel) throw new Error('no pixel');
    const response = await fetch(pixel);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.headers['cache-control']).toMatch(/no-cache/);
    expect(response.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');

    t.clock.advance(1000);
    const events = await eventsOf(a, message.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'open',
      message_id: message.id,
      transmission_id: message.transmissionId,
      campaign_id: 'shipping',
      rcpt_to: 'jane@dest.test',
      rcpt_tags: ['vip'],
      friendly_from: 'shop@acme.test',
      subject: 'Shipped',
      user_agent: chrome,
      ip_address: '198.51.100.7',
    });
    expect(events[0]).not.toHaveProperty('prefetched');
    expect(events[0]).not.toHaveProperty('geo_ip');
  });

  it('redirects a click to the original URL and records it with the link', async () => {
    const message = await sent(a);
    t.clock.advance(60_000);
    const [link] = clicksIn(message.html);
    if (!link) throw new Error('no link');
    const response = await fetch(link);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://shop.example/orders?id=1&ref=mail');

    const textLink = /(http\S+\/f\/\S+)/.exec(message.text)?.[1] ?? '';
    const fromText = await fetch(new URL(textLink));
    expect(fromText.headers.location).toBe('https://shop.example/orders?id=1');

    t.clock.advance(1000);
    const clicks = (await eventsOf(a, message.id)).filter((event) => event.type === 'click');
    expect(clicks).toHaveLength(2);
    expect(clicks).toContainEqual(
      expect.objectContaining({
        target_link_url: 'https://shop.example/orders?id=1&ref=mail',
        target_link_name: 'Track order',
        user_agent: chrome,
        ip_address: '198.51.100.7',
        rcpt_to: 'jane@dest.test',
      }),
    );
    expect(clicks.every((event) => event.prefetched === undefined)).toBe(true);
  });

  it('redirects to a URL with non-ASCII characters, percent-encoded as a Location header must be', async () => {
    const message = await sent(a, {
      content: {
        from: 'shop@acme.test',
        subject: 'Café',
        html: '<a href="https://shop.example/café?q=✓">Café</a>',
      },
    });
    const [link] = clicksIn(message.html);
    if (!link) throw new Error('no link');
    t.clock.advance(60_000);
    const response = await fetch(link);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://shop.example/caf%C3%A9?q=%E2%9C%93');
  });

  it('records nothing and redirects nowhere for a tampered token; the pixel still answers', async () => {
    const message = await sent(a);
    t.clock.advance(60_000);
    const [link] = clicksIn(message.html);
    const [pixel] = pixelsIn(message.html);
    if (!link || !pixel) throw new Error('not tracked');
    const tamper = (url: URL) => {
      const last = url.pathname.at(-1) === 'A' ? 'B' : 'A';
      return new URL(`${url.origin}${url.pathname.slice(0, -1)}${last}`);
    };
    const click = await fetch(tamper(link));
    expect(click.statusCode).toBe(404);
    expect(click.headers.location).toBeUndefined();
    expect(click.headers['content-type']).toMatch(/^text\/plain/);
    // A query cannot choose where the redirect leads.
    const redirected = await t.app.inject({ method: 'GET', url: `/f/garbage?url=https://evil.example/` });
    expect(redirected.statusCode).toBe(404);
    const open = await fetch(tamper(pixel));
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/gif');
    t.clock.advance(1000);
    expect(await eventsOf(a, message.id)).toEqual([]);
  });

  it('flags machine opens and clicks as prefetched: Apple Mail Privacy Protection, scanners, HEAD, at once', async () => {
    const message = await sent(a);
    const [link] = clicksIn(message.html);
    const [pixel] = pixelsIn(message.html);
    if (!link || !pixel) throw new Error('not tracked');
    // A scanner follows the link as the message arrives.
    expect((await fetch(link)).statusCode).toBe(302);
    t.clock.advance(60_000);
    await fetch(pixel, 'Mozilla/5.0', '17.58.63.10');
    await fetch(link, 'Barracuda Sentinel (EE)');
    await fetch(pixel, chrome, '198.51.100.7', 'HEAD');
    // Gmail's image proxy fetches when the person opens: a real open.
    await fetch(
      pixel,
      'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
    );
    t.clock.advance(1000);
    const events = await eventsOf(a, message.id);
    expect(events).toHaveLength(5);
    const flagged = events.filter((event) => event.prefetched === true);
    expect(flagged).toHaveLength(4);
    expect(events.find((event) => event.prefetched !== true)).toMatchObject({
      type: 'open',
      user_agent: expect.stringContaining('GoogleImageProxy'),
    });
  });

  it('leaves links alone with click_tracking off, and adds no pixel with open_tracking off', async () => {
    const untracked = await sent(a, { options: { click_tracking: false, open_tracking: false } });
    expect(clicksIn(untracked.html)).toEqual([]);
    expect(pixelsIn(untracked.html)).toEqual([]);
    expect(untracked.html).toContain('href="https://shop.example/orders?id=1&amp;ref=mail"');
    expect(untracked.text).toContain('Track it: https://shop.example/orders?id=1 or');

    const opensOnly = await sent(a, { options: { click_tracking: false, initial_open: true } });
    expect(clicksIn(opensOnly.html)).toEqual([]);
    // initial_open: a second pixel at the top of the body.
    expect(pixelsIn(opensOnly.html)).toHaveLength(2);
    expect(opensOnly.html).toMatch(/<body><img [^>]*\/q\//);
    const [top] = pixelsIn(opensOnly.html);
    if (!top) throw new Error('no pixel');
    t.clock.advance(60_000);
    await fetch(top);
    t.clock.advance(1000);
    expect((await eventsOf(a, opensOnly.id)).map((event) => event.type)).toEqual(['initial_open']);
  });

  it("points the links at the account's verified default tracking domain, https when secure", async () => {
    const created = await call(b, 'POST', '/tracking-domains', {
      domain: 'click.track-b.test',
      secure: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const before = await sent(b);
    expect(clicksIn(before.html)[0]?.origin).toBe(publicUrl);

    dns.set('click.track-b.test', { CNAME: 'mail.platform.test.' });
    const verified = await call(b, 'POST', '/tracking-domains/click.track-b.test/verify');
    expect(verified.json().results.cname_status).toBe('valid');
    expect((await call(b, 'PUT', '/tracking-domains/click.track-b.test', { default: true })).statusCode).toBe(
      200,
    );

    const message = await sent(b);
    const [link] = clicksIn(message.html);
    expect(link?.origin).toBe('https://click.track-b.test');
    expect(pixelsIn(message.html)[0]?.origin).toBe('https://click.track-b.test');
    // The routes answer on the tracking domain's host: its CNAME leads here.
    if (!link) throw new Error('no link');
    t.clock.advance(60_000);
    expect((await fetch(link)).headers.location).toBe('https://shop.example/orders?id=1&ref=mail');
    t.clock.advance(1000);
    expect(await eventsOf(b, message.id)).toHaveLength(1);
    // Another company sees none of it.
    expect(await eventsOf(a, message.id)).toEqual([]);

    // A transmission may name the domain, but only a verified one of its own account.
    const named = await sent(b, { tracking_domain: 'click.track-b.test' });
    expect(clicksIn(named.html)[0]?.origin).toBe('https://click.track-b.test');
    const foreign = await call(a, 'POST', '/transmissions', {
      recipients: [{ address: 'jane@dest.test' }],
      content: { from: 'shop@acme.test', subject: 'Shipped', html },
      tracking_domain: 'click.track-b.test',
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors[0].description).toMatch(
      /tracking_domain 'click.track-b.test' is not a verified/,
    );

    // A token works only on the host it was made for: company a's link (made for PUBLIC_URL) does
    // not redirect on company b's tracking domain, nor b's on PUBLIC_URL, and the pixel records nothing.
    const mine = await sent(a);
    const [myLink] = clicksIn(mine.html);
    const [myPixel] = pixelsIn(mine.html);
    if (!myLink || !myPixel) throw new Error('not tracked');
    t.clock.advance(60_000);
    const onB = (url: URL) => new URL(`https://click.track-b.test${url.pathname}`);
    const hijacked = await fetch(onB(myLink));
    expect(hijacked.statusCode).toBe(404);
    expect(hijacked.headers.location).toBeUndefined();
    const pixelOnB = await fetch(onB(myPixel));
    expect(pixelOnB.statusCode).toBe(200);
    expect(pixelOnB.headers['content-type']).toBe('image/gif');
    expect((await fetch(new URL(`${publicUrl}${link.pathname}`))).statusCode).toBe(404);
    // The Host header's case and port do not matter.
    const upper = await t.app.inject({
      method: 'GET',
      url: myLink.pathname,
      headers: { host: `${myLink.hostname.toUpperCase()}:8080`, 'user-agent': chrome },
      remoteAddress: '198.51.100.7',
    });
    expect(upper.statusCode).toBe(302);
    t.clock.advance(1000);
    expect(await eventsOf(a, mine.id)).toEqual([expect.objectContaining({ type: 'click' })]);
  });

  it('uses a change to the tracking domains from the very next send (the sending path caches them)', async () => {
    await call(b, 'POST', '/tracking-domains', { domain: 'links.track-b.test', secure: true });
    dns.set('links.track-b.test', { CNAME: 'mail.platform.test.' });
    await call(b, 'POST', '/tracking-domains/links.track-b.test/verify');
    expect((await call(b, 'PUT', '/tracking-domains/links.track-b.test', { default: true })).statusCode).toBe(
      200,
    );
    expect(clicksIn((await sent(b)).html)[0]?.origin).toBe('https://links.track-b.test');

    expect((await call(b, 'PUT', '/tracking-domains/links.track-b.test', { secure: false })).statusCode).toBe(
      200,
    );
    expect(clicksIn((await sent(b)).html)[0]?.origin).toBe('http://links.track-b.test');

    dns.set('links.track-b.test', { CNAME: 'elsewhere.test.' });
    await call(b, 'POST', '/tracking-domains/links.track-b.test/verify');
    expect(clicksIn((await sent(b)).html)[0]?.origin).toBe(publicUrl);
    expect((await call(b, 'DELETE', '/tracking-domains/links.track-b.test')).statusCode).toBe(204);
  });

  it('records a link_unsubscribe and suppresses the recipient when a person follows an unsubscribe link', async () => {
    const message = await sent(
      a,
      {
        content: {
          from: 'shop@acme.test',
          subject: 'News',
          html: '<p>News</p><a href="https://shop.example/bye" data-msys-unsubscribe="1">Unsubscribe</a>',
        },
      },
      'leaving@dest.test',
    );
    const [link] = clicksIn(message.html);
    if (!link) throw new Error('no link');
    t.clock.advance(60_000);
    expect((await fetch(link)).headers.location).toBe('https://shop.example/bye');
    t.clock.advance(1000);
    const response = await call(
      a,
      'GET',
      `/events/message?messages=${message.id}&events=click,link_unsubscribe`,
    );
    const types = (response.json().results as Record<string, unknown>[]).map((event) => event.type).sort();
    expect(types).toEqual(['click', 'link_unsubscribe']);
    const suppressed = (await call(a, 'GET', '/suppression-list/leaving@dest.test')).json().results;
    expect(suppressed).toEqual([
      expect.objectContaining({ type: 'non_transactional', source: 'Unsubscribe Link' }),
    ]);
  });

  it('tracks sandbox messages the same, so tracking can be tried before going live', async () => {
    const sandbox = await engineAccount(t.app, t.db, 'track-sandbox', 'sandbox');
    await t.db.query(
      `INSERT INTO authorized_recipients (company_id, email, verified_at, created_at) VALUES ($1, $2, $3, $3)`,
      [sandbox.companyId, 'me@dest.test', t.clock.now()],
    );
    const message = await sent(sandbox, {}, 'me@dest.test');
    const [link] = clicksIn(message.html);
    const [pixel] = pixelsIn(message.html);
    if (!link || !pixel) throw new Error('not tracked');
    t.clock.advance(60_000);
    await fetch(pixel);
    expect((await fetch(link)).statusCode).toBe(302);
    t.clock.advance(1000);
    const types = (await eventsOf(sandbox, message.id)).map((event) => event.type).sort();
    expect(types).toEqual(['click', 'open']);
  });

  it('moves the metrics: opens and clicks counted, unique ones once per message, machine opens left out of the human counts', async () => {
    const minute = (at: Date) => at.toISOString().slice(0, 16);
    const from = minute(new Date(t.clock.now().getTime() - 60_000));
    const message = await sent(b, { campaign_id: 'metrics-move' });
    t.clock.advance(60_000);
    const [pixel] = pixelsIn(message.html);
    const [link] = clicksIn(message.html);
    if (!pixel || !link) throw new Error('no pixel or link');
    await fetch(pixel);
    await fetch(pixel);
    // Apple Mail Privacy Protection fetches the pixel from its proxy: flagged, not a person.
    await fetch(pixel, 'Mozilla/5.0', '17.58.1.2');
    t.clock.advance(60_000);
    await fetch(link);
    t.clock.advance(60_000);
    const names = [
      'count_rendered',
      'count_unique_rendered',
      'count_nonprefetched_rendered',
      'count_clicked',
      'count_unique_clicked',
    ];
    const response = await call(
      b,
      'GET',
      `/metrics/deliverability/campaign?from=${from}&to=${minute(t.clock.now())}&campaigns=metrics-move&metrics=${names.join(',')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([
      {
        campaign_id: 'metrics-move',
        count_rendered: 3,
        count_unique_rendered: 1,
        count_nonprefetched_rendered: 2,
        count_clicked: 1,
        count_unique_clicked: 1,
      },
    ]);
  });
});
