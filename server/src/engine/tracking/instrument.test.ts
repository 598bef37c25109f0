import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compileContent } from '../substitution/render.ts';
import { clickRewrite, MAX_TRACKED_URL_CHARS, type TrackingPlan, withOpenPixels } from './instrument.ts';
import { decodeTrackingToken, encodeTrackingToken, trackingHost } from './token.ts';

const plan: TrackingPlan = {
  key: 'test-key',
  base: 'https://click.acme.test',
  open: true,
  click: true,
  initialOpen: true,
};

const tokenIn = (url: string) =>
  decodeTrackingToken(plan.key, 'click.acme.test', new URL(url).pathname.split('/')[2] ?? '');

describe('tracking tokens', () => {
  const host = 'click.acme.test';

  it('name the message, the engagement, the AMP part and the link, and cannot be forged', () => {
    const messageId = randomUUID();
    const link = { index: 300, name: 'Track order', url: 'https://shop.example/a?b=1&c=é' };
    const token = encodeTrackingToken('key-1', host, { messageId, engagement: 'click', amp: true, link });
    expect(decodeTrackingToken('key-1', host, token)).toEqual({
      messageId,
      engagement: 'click',
      amp: true,
      link,
    });
    expect(decodeTrackingToken('key-2', host, token)).toBeUndefined();
    const [payload = '', tag = ''] = token.split('.');
    const other = encodeTrackingToken('key-1', host, {
      messageId: randomUUID(),
      engagement: 'open',
      amp: false,
    });
    expect(decodeTrackingToken('key-1', host, `${other.split('.')[0]}.${tag}`)).toBeUndefined();
    expect(decodeTrackingToken('key-1', host, `${payload}A.${tag}`)).toBeUndefined();
    expect(decodeTrackingToken('key-1', host, 'garbage')).toBeUndefined();

    const open = encodeTrackingToken('key-1', host, { messageId, engagement: 'initial_open', amp: false });
    expect(open.length).toBeLessThanOrEqual(46);
    expect(decodeTrackingToken('key-1', host, open)).toEqual({
      messageId,
      engagement: 'initial_open',
      amp: false,
    });
  });

  it('verify only on the tracking host they were made for, however the Host header writes it', () => {
    const token = encodeTrackingToken('key-1', trackingHost('Click.ACME.test'), {
      messageId: randomUUID(),
      engagement: 'open',
      amp: false,
    });
    expect(token.length).toBeLessThanOrEqual(46);
    for (const written of ['click.acme.test', 'CLICK.acme.test:443', 'click.acme.test:8080'])
      expect(decodeTrackingToken('key-1', trackingHost(written), token)).toBeDefined();
    for (const other of ['click.other.test', 'acme.test', 'evil@click.acme.test', ''])
      expect(decodeTrackingToken('key-1', trackingHost(other), token)).toBeUndefined();
    // An internationalised tracking domain is the same host in Unicode and in punycode.
    const idn = encodeTrackingToken('key-1', trackingHost('klick.bücher.test'), {
      messageId: randomUUID(),
      engagement: 'open',
      amp: false,
    });
    expect(decodeTrackingToken('key-1', trackingHost('klick.xn--bcher-kva.test'), idn)).toBeDefined();
    // PUBLIC_URL with a port: its links verify on the Host a browser sends for them.
    const local = clickRewrite({ ...plan, base: 'http://127.0.0.1:8080' }, randomUUID());
    const url = new URL(
      local?.({ part: 'text', url: 'https://a.example/', clickTrack: true, unsubscribe: false }) ?? '',
    );
    const clickToken = url.pathname.split('/')[2] ?? '';
    expect(decodeTrackingToken(plan.key, trackingHost(url.host), clickToken)?.link?.url).toBe(
      'https://a.example/',
    );
  });
});

describe('tracked content', () => {
  const render = (parts: { html?: string; text?: string; amp_html?: string }, messageId = randomUUID()) => {
    const content = compileContent({ subject: 'Hi', from: { email: 'shop@acme.test' }, ...parts });
    return withOpenPixels(
      content.render({}, undefined, undefined, {}, clickRewrite(plan, messageId)),
      plan,
      messageId,
    );
  };

  it('rewrites AMP links as AMP clicks and adds amp-img pixels to the AMP part', () => {
    const rendered = render({
      html: '<p>x</p>',
      amp_html: '<html ⚡4email><body><a href="https://shop.example/amp">Go</a></body></html>',
    });
    const href = /href="([^"]+)"/.exec(rendered.amp_html ?? '')?.[1] ?? '';
    expect(tokenIn(href)).toMatchObject({
      engagement: 'click',
      amp: true,
      link: { url: 'https://shop.example/amp' },
    });
    const pixels = [...(rendered.amp_html ?? '').matchAll(/<amp-img src="([^"]+)"/g)].map((m) =>
      tokenIn(m[1] ?? ''),
    );
    expect(pixels).toEqual([
      expect.objectContaining({ engagement: 'initial_open', amp: true }),
      expect.objectContaining({ engagement: 'open', amp: true }),
    ]);
    // An html part without <body> gets the initial pixel first and the open pixel last.
    expect(rendered.html).toMatch(/^<img [^>]+><p>x<\/p><img [^>]+>$/);
  });

  it('numbers links across parts, keeps names and sublinks, and decodes html entities for the redirect', () => {
    const rendered = render({
      html: '<a href="https://a.example/?x=1&amp;y=2" data-msys-linkname="First" data-msys-sublink="deals/summer">A</a>',
      text: 'See https://b.example/page[[data-msys-clicktrack="0"]] and https://c.example/',
    });
    const href = /href="([^"]+)"/.exec(rendered.html ?? '')?.[1] ?? '';
    expect(href).toMatch(/^https:\/\/click\.acme\.test\/f\/[^/]+\/deals\/summer$/);
    expect(tokenIn(href)?.link).toEqual({ index: 0, name: 'First', url: 'https://a.example/?x=1&y=2' });
    expect(rendered.text).toContain('See https://b.example/page and https://click.acme.test/f/');
    const textLink = /(https:\/\/click\S+)/.exec(rendered.text ?? '')?.[1] ?? '';
    expect(tokenIn(textLink)?.link).toEqual({ index: 2, name: '', url: 'https://c.example/' });
  });

  it('gives each recipient its own URLs, in the text made from the html and through CSS inlining too', () => {
    const content = compileContent(
      {
        subject: 'Hi',
        from: { email: 'shop@acme.test' },
        html: '<style>a{color:red}</style><p><a href="https://shop.example/x">Shop</a></p>',
      },
      { inlineCss: true },
    );
    const [first, second] = [randomUUID(), randomUUID()].map((messageId) => {
      const rendered = content.render({}, undefined, undefined, {}, clickRewrite(plan, messageId));
      const href = /<a href="([^"]+)" style="color: ?red;?"/.exec(rendered.html ?? '')?.[1] ?? '';
      expect(rendered.text).toBe(`Shop [${href}]`);
      return { messageId, token: tokenIn(href) };
    });
    expect(first?.token?.messageId).toBe(first?.messageId);
    expect(second?.token?.messageId).toBe(second?.messageId);
  });

  it(`leaves a link whose URL is longer than ${MAX_TRACKED_URL_CHARS} characters untracked`, () => {
    const long = `https://shop.example/?q=${'x'.repeat(MAX_TRACKED_URL_CHARS - 24)}`;
    expect(long).toHaveLength(MAX_TRACKED_URL_CHARS);
    const rendered = render({ html: `<a href="${long}">A</a> <a href="${long}y">B</a>` });
    const hrefs = [...(rendered.html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(tokenIn(hrefs[0] ?? '')?.link?.url).toBe(long);
    expect(hrefs[1]).toBe(`${long}y`);
  });

  it('puts the pixel before </body> and tracks links after text that lower-cases longer (İ)', () => {
    const rendered = render({
      html: '<body><p>İstanbul İzmir</p><a href="https://shop.example/a">A</a></body>',
      text: 'İstanbul https://shop.example/t',
    });
    expect(rendered.html).toMatch(
      /^<body><img [^>]+><p>İstanbul İzmir<\/p><a href="https:\/\/click\.acme\.test\/f\/[^"]+">A<\/a><img [^>]+><\/body>$/,
    );
    expect(tokenIn(/href="([^"]+)"/.exec(rendered.html ?? '')?.[1] ?? '')?.link?.url).toBe(
      'https://shop.example/a',
    );
    const textLink = /^İstanbul (https:\/\/click\.acme\.test\/f\/\S+)$/.exec(rendered.text ?? '')?.[1] ?? '';
    expect(tokenIn(textLink)?.link?.url).toBe('https://shop.example/t');
  });

  it('tracks nothing more than asked', () => {
    const messageId = randomUUID();
    const opensOnly = { ...plan, click: false, initialOpen: false };
    expect(clickRewrite(opensOnly, messageId)).toBeUndefined();
    const content = { subject: 'Hi', from: { email: 'a@b.test' }, html: '<body>x</body>' };
    expect(withOpenPixels(content, opensOnly, messageId).html).toMatch(/^<body>x<img [^>]+><\/body>$/);
    expect(withOpenPixels(content, { ...plan, open: false }, messageId)).toBe(content);
  });
});
