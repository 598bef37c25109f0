import { defaultDesign } from '@app/contract/editor/default-design';
import type { EmailDesign } from '@app/contract/editor/design';
import { isoAtOffset, timezoneOffsetFromText } from '@app/contract/rules/time';
import { beforeAll, describe, expect, it } from 'vitest';
import { setCompanyLimit } from '../../accounts/plans/plan-catalogue.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../testing/engine.ts';
import { formHelpers, signUpForm } from '../../testing/forms.ts';
import { validatedSender } from '../../testing/senders.ts';
import { useTestDnsServer } from '../../testing/test-dns.ts';

/** A page design: a heading and, when given, the form `formId`. */
const designWith = (formId?: string): EmailDesign => ({
  ...defaultDesign(),
  blocks: [
    {
      id: 'title',
      type: 'html',
      style: { paddingY: 8, paddingX: 8, background: 'transparent', align: 'center', hideOnMobile: false },
      props: { html: '<h1>Spring sale</h1>' },
    },
    ...(formId
      ? [
          {
            id: 'signup',
            type: 'form' as const,
            style: {
              paddingY: 8,
              paddingX: 8,
              background: 'transparent' as const,
              align: 'center' as const,
              hideOnMobile: false,
            },
            props: { formId },
          },
        ]
      : []),
  ],
});

describe.each(databases)('landing pages on $name', (database) => {
  const dns = useTestDnsServer();
  const t = useTestApp(database, () => ({ config: { dnsServers: [dns.address] } }));
  const forms = formHelpers(t);
  let a: EngineAccount;
  let b: EngineAccount;
  let sender: string;
  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'pager');
    b = await engineAccount(t.app, t.db, 'other-pager');
    sender = await validatedSender(t.db, a.companyId, 'news@acme.test');
    await setCompanyLimit(t.db, a.companyId, 'publishedFormLimit', 5);
    await setCompanyLimit(t.db, a.companyId, 'publishedPageLimit', 2);
  });
  const createPage = async (account: EngineAccount, body: object) => {
    const response = await t.post('/v1/pages', account.token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };
  const visit = (url: string, headers: Record<string, string> = {}) =>
    t.app.sites.inject({
      method: 'GET',
      url,
      headers: { 'user-agent': 'Mozilla/5.0 test', ...headers },
      remoteAddress: '81.2.69.142',
    });

  it('keeps permalinks unique, publishes only with published forms, and serves the page on its site', async () => {
    const page = await createPage(a, { name: 'Spring sale', category: 'LANDING', permalink: 'Spring-Sale' });
    expect(page).toMatchObject({
      permalink: 'spring-sale',
      published: false,
      stateDraft: false,
      formIds: [],
    });
    expect(page.url).toMatch(new RegExp(`^${t.config.sites.url}/[a-z0-9-]+/spring-sale$`));
    const taken = await t.post('/v1/pages', a.token, { name: 'Again', permalink: 'spring-sale' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'urlExists', message: 'This URL already exists' });
    // Another company may use the same permalink: its site is its own.
    await createPage(b, { name: 'Theirs', permalink: 'spring-sale' });
    expect(
      await t.getData(`/v1/pages/permalink/check?permalink=spring-sale&pageId=${page.pageId}`, a.token),
    ).toEqual({
      valid: true,
      message: null,
    });
    expect(await t.getData('/v1/pages/permalink/check?permalink=spring-sale', a.token)).toEqual({
      valid: false,
      message: 'This URL already exists',
    });
    expect((await t.getData('/v1/pages/permalink/check?permalink=-bad-', a.token)).valid).toBe(false);
    // Another company neither reads nor changes it.
    expect((await t.get(`/v1/pages/${page.pageId}`, b.token)).statusCode).toBe(404);
    expect((await t.call('PUT', `/v1/pages/${page.pageId}`, b.token, { name: 'Mine' })).statusCode).toBe(404);
    expect((await t.post(`/v1/pages/${page.pageId}/publish`, b.token, { publish: true })).statusCode).toBe(
      404,
    );

    const formId = await forms.create(a, signUpForm({ settings: { selectedSenderId: sender } as never }));
    const withForm = await t.call('PUT', `/v1/pages/${page.pageId}`, a.token, {
      design: designWith(formId),
      setting: { title: 'Spring <sale>', description: 'Ten percent off' },
    });
    expect(withForm.statusCode, withForm.body).toBe(200);
    expect(withForm.json().data.formIds).toEqual([formId]);
    const refused = await t.post(`/v1/pages/${page.pageId}/publish`, a.token, { publish: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'unpublishedForms',
      message: 'This page contains unpublished forms, please publish them first',
    });
    await forms.publish(a, formId);
    const published = await t.post(`/v1/pages/${page.pageId}/publish`, a.token, { publish: true });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ published: true, stateDraft: false });

    const path = new URL(page.url).pathname;
    const shown = await visit(path);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-security-policy']).toContain("script-src 'self'");
    expect(shown.headers['set-cookie']).toBeUndefined();
    expect(shown.body).toContain('<h1>Spring sale</h1>');
    expect(shown.body).toContain(`<signup-form form-id="${formId}"`);
    expect(shown.body).toContain('<script type="module" src="/embed/signup-form.js"></script>');
    expect(shown.body).toContain('<title>Spring &lt;sale&gt;</title>');
    expect((await visit(path, { 'if-none-match': String(shown.headers.etag) })).statusCode).toBe(304);
    // The form's public API is on the sites origin too.
    expect((await t.app.sites.inject({ method: 'GET', url: `/embed/forms/${formId}` })).statusCode).toBe(200);

    // An edit waits for the next publish.
    await t.call('PUT', `/v1/pages/${page.pageId}`, a.token, { design: designWith() });
    expect((await t.getData(`/v1/pages/${page.pageId}`, a.token)).stateDraft).toBe(true);
    expect((await visit(path)).body).toContain('signup-form');

    // The plan's published pages (2 here).
    const second = await createPage(a, { name: 'Second', permalink: 'second' });
    const third = await createPage(a, { name: 'Third', permalink: 'third' });
    // A Code block's HTML runs in a frame of its own, served only while its page is published.
    const booking = '<script>document.title = "ran"</script><p>Book a call</p>';
    const withCode = designWith();
    withCode.blocks.push(
      {
        ...withCode.blocks[0],
        id: 'booking',
        type: 'code',
        props: { html: booking, title: 'Booking <widget>', height: 400 },
      } as EmailDesign['blocks'][number],
      {
        ...withCode.blocks[0],
        id: 'talk',
        type: 'disqus',
        props: { shortname: 'bike-shop' },
      } as EmailDesign['blocks'][number],
      {
        ...withCode.blocks[0],
        id: 'offer',
        type: 'row',
        props: {
          columns: [{ width: 100, background: 'transparent', padding: 0, verticalAlign: 'top', blocks: [] }],
          stackOnMobile: true,
          popup: { trigger: 'exit', delaySeconds: 0, scrollPercent: 50 },
        },
      } as EmailDesign['blocks'][number],
    );
    expect(
      (await t.call('PUT', `/v1/pages/${second.pageId}`, a.token, { design: withCode })).statusCode,
    ).toBe(200);
    expect((await t.post(`/v1/pages/${second.pageId}/publish`, a.token, { publish: true })).statusCode).toBe(
      200,
    );
    const secondPage = await visit(new URL(second.url).pathname);
    const frame =
      /<iframe src="(\/embed\/code\/[A-Za-z0-9_-]{32})" title="Booking &lt;widget&gt;" sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox"/.exec(
        secondPage.body,
      );
    expect(frame, secondPage.body).not.toBeNull();
    expect(secondPage.headers['content-security-policy']).toContain("frame-src 'self'");
    // Its comments: Disqus's hosts are allowed on this page only, started by the sites' own loader.
    expect(secondPage.body).toContain(
      '<script src="/embed/disqus.js" defer></script><script src="/embed/popup.js" defer></script></head>',
    );
    expect(secondPage.body).toContain('<dialog class="page-popup" id="popup-offer" data-page-popup="exit"');
    expect(shown.body).not.toContain('popup.js');
    expect(secondPage.headers['content-security-policy']).toContain(
      "script-src 'self' https://hcaptcha.com https://*.hcaptcha.com https://challenges.cloudflare.com https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/ https://*.disqus.com",
    );
    expect(shown.headers['content-security-policy']).not.toContain('disqus');
    const loader = await visit('/embed/disqus.js');
    expect(loader.headers['content-type']).toContain('text/javascript');
    expect(loader.body).toContain(".disqus.com/embed.js'");
    const framed = await visit(frame?.[1] ?? '');
    expect(framed.statusCode).toBe(200);
    expect(framed.body).toContain(booking);
    expect(framed.headers['content-security-policy']).toContain('sandbox allow-scripts');
    const over = await t.post(`/v1/pages/${third.pageId}/publish`, a.token, { publish: true });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('quotaExceeded');
    // Republishing a published page is within the plan; the sites show it within two seconds.
    expect((await t.post(`/v1/pages/${page.pageId}/publish`, a.token, { publish: true })).statusCode).toBe(
      200,
    );
    t.clock.advance(3_000);
    expect((await visit(path)).body).not.toContain('signup-form');

    // Unpublished, it is gone; the default 404 page answers unknown addresses with status 404.
    expect((await t.post(`/v1/pages/${second.pageId}/publish`, a.token, { publish: false })).statusCode).toBe(
      200,
    );
    t.clock.advance(3_000);
    expect((await visit(new URL(second.url).pathname)).statusCode).toBe(404);
    expect((await visit(frame?.[1] ?? '')).statusCode).toBe(404);
    const slug = path.split('/')[1];
    await t.post(`/v1/pages/${page.pageId}/default-404`, a.token, { value: true });
    t.clock.advance(3_000);
    const missing = await visit(`/${slug}/nothing-here`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Spring sale');
    await t.post(`/v1/pages/${page.pageId}/default`, a.token, { value: true });
    t.clock.advance(3_000);
    expect((await visit(`/${slug}`)).body).toContain('<h1>Spring sale</h1>');
  });

  it('lists the ready-made sections by category', async () => {
    const heroes = await t.getData('/v1/pages/section-templates?category=Hero', a.token);
    expect(heroes.categories).toEqual(['Hero', 'Features', 'Testimonials', 'Call to action', 'Footer']);
    expect(heroes.items.map((item: { name: string }) => item.name)).toEqual([
      'Headline with a button',
      'Headline beside a picture',
    ]);
    expect(heroes.items[0]).toMatchObject({ sectionType: 'default', block: { type: 'row' } });
    expect((await t.get('/v1/pages/section-templates', a.token)).json().data.items).toHaveLength(6);
    expect((await t.get('/v1/pages/section-templates?category=Pricing', a.token)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/v1/pages/section-templates' })).statusCode).toBe(401);
  });

  it('serves a verified domain by its Host header, shares drafts, duplicates, and counts visits', async () => {
    const page = await createPage(a, { name: 'Domain page', permalink: 'welcome' });
    await t.call('PUT', `/v1/pages/${page.pageId}`, a.token, { design: designWith() });

    const added = await t.post('/v1/domains', a.token, { name: 'Pages.Shop.test' });
    expect(added.statusCode, added.body).toBe(201);
    const domain = added.json().data;
    expect(domain).toMatchObject({
      name: 'pages.shop.test',
      validated: false,
      verification: { type: 'TXT', host: '_pages-verification.pages.shop.test' },
    });
    const unverified = await t.post(`/v1/domains/${domain.domainId}/verify`, a.token, {});
    expect(unverified.statusCode).toBe(409);
    dns.set(domain.verification.host, { TXT: [domain.verification.value] });
    const verified = await t.post(`/v1/domains/${domain.domainId}/verify`, a.token, {});
    expect(verified.json().data.validated).toBe(true);
    // Another company cannot take a verified name.
    const theirs = await t.post('/v1/domains', b.token, { name: 'pages.shop.test' });
    expect(theirs.statusCode).toBe(201);
    expect((await t.post(`/v1/domains/${theirs.json().data.domainId}/verify`, b.token, {})).statusCode).toBe(
      409,
    );
    expect((await t.post('/v1/domains', a.token, { name: 'http://bad/path' })).statusCode).toBe(400);

    // Page 3 of the plan's 2 would be refused: make room first.
    const listed = await t.getData('/v1/pages?status=published', a.token);
    for (const other of listed.items)
      await t.post(`/v1/pages/${other.pageId}/publish`, a.token, { publish: false });
    await t.post(`/v1/pages/${page.pageId}/publish`, a.token, { publish: true });
    await t.post(`/v1/domains/${domain.domainId}/default`, a.token, {});
    const detail = await t.getData(`/v1/pages/${page.pageId}`, a.token);
    expect(detail.domainUrl).toBe(
      `${new URL(t.config.sites.url).protocol}//pages.shop.test${new URL(t.config.sites.url).port ? `:${new URL(t.config.sites.url).port}` : ''}/welcome`,
    );
    const onDomain = await visit('/welcome', { host: 'pages.shop.test' });
    expect(onDomain.statusCode).toBe(200);
    expect(onDomain.body).toContain('<h1>Spring sale</h1>');
    // Company b's page with the same permalink is not reached through a's domain, nor an unknown host.
    expect((await visit('/welcome', { host: 'unknown.test' })).statusCode).toBe(404);

    // The team's pixels: on its hosted pages only, loaded from the sites origin, their hosts allowed.
    const badPixel = await t.call('PUT', '/v1/pages/integrations', a.token, { ga: 'UA-1234' });
    expect(badPixel.statusCode).toBe(400);
    expect(badPixel.json().payload.cause).toBe('A Google Analytics 4 measurement ID looks like G-XXXXXXX');
    const badChat = await t.call('PUT', '/v1/pages/integrations', a.token, { whatsappChat: '0812' });
    expect(badChat.json().payload.cause).toBe(
      'A WhatsApp number is written in international form, like +6281234567890',
    );
    const pixels = await t.call('PUT', '/v1/pages/integrations', a.token, {
      ga: 'g-abc1234',
      fbPixel: '123456789',
      tiktok: 'c4abcdefghij1234567k',
      whatsappChat: '+6281234567890',
      whatsappText: 'Hi, about "the sale" & more',
      telegram: 'bike_shop',
    });
    expect(pixels.json().data).toEqual({
      ga: 'G-ABC1234',
      fbPixel: '123456789',
      twPixel: null,
      gtm: null,
      linkedin: null,
      tiktok: 'C4ABCDEFGHIJ1234567K',
      snapchat: null,
      crispChat: null,
      telegram: 'bike_shop',
      facebookMessenger: null,
      whatsappChat: '+6281234567890',
      whatsappText: 'Hi, about "the sale" & more',
      askConsent: true,
    });
    expect((await t.getData('/v1/pages/integrations', b.token)).ga).toBeNull();
    t.clock.advance(3_000);
    const tracked = await visit('/welcome', { host: 'pages.shop.test' });
    expect(tracked.body).toContain(`<script src="/embed/pixels/${page.pageId}.js" defer></script></head>`);
    expect(tracked.headers['content-security-policy']).toContain(
      "script-src 'self' https://connect.facebook.net https://www.googletagmanager.com https://analytics.tiktok.com",
    );
    // The chat buttons: plain links in a corner, nothing of the chat services loaded.
    expect(tracked.body).toContain(
      '<nav aria-label="Chat with us" style="position:fixed;right:16px;bottom:16px;z-index:2147483646;text-align:right"><a href="https://wa.me/6281234567890?text=Hi%2C%20about%20%22the%20sale%22%20%26%20more" target="_blank"',
    );
    expect(tracked.body).toContain('<a href="https://t.me/bike_shop"');
    expect(tracked.body.indexOf('Chat with us')).toBeGreaterThan(tracked.body.indexOf('<main>'));
    const loader = await t.app.sites.inject({ method: 'GET', url: `/embed/pixels/${page.pageId}.js` });
    expect(loader.headers['content-type']).toContain('text/javascript');
    expect(loader.body).toContain('"ga":"G-ABC1234"');
    // Asked first, by default: nothing of Google's or Meta's loads before the visitor accepts.
    expect(loader.body).toContain(
      'This site uses cookies of Meta Pixel, Google Analytics, TikTok to measure visits and advertising. Do you accept them?',
    );
    expect(loader.body).toContain(', true, ');
    await t.call('PUT', '/v1/pages/integrations', a.token, { ga: 'G-ABC1234', askConsent: false });
    t.clock.advance(3_000);
    const unasked = await t.app.sites.inject({ method: 'GET', url: `/embed/pixels/${page.pageId}.js` });
    expect(unasked.body).toContain(', false, ');
    expect((await t.app.sites.inject({ method: 'GET', url: '/embed/pixels/999999.js' })).statusCode).toBe(
      404,
    );
    // Crisp's chat box: loaded from Crisp with the pixels, after the same question, its hosts allowed.
    const badCrisp = await t.call('PUT', '/v1/pages/integrations', a.token, { crispChat: 'my-shop' });
    expect(badCrisp.json().payload.cause).toBe(
      'A Crisp website ID looks like 1a2b3c4d-1a2b-1a2b-1a2b-1a2b3c4d5e6f',
    );
    const crispId = '0C8E0A52-1F3B-4D6A-9E2F-5B7C9D1E3F40';
    const withCrisp = await t.call('PUT', '/v1/pages/integrations', a.token, {
      fbPixel: '123456789',
      crispChat: crispId,
    });
    expect(withCrisp.json().data.crispChat).toBe(crispId.toLowerCase());
    t.clock.advance(3_000);
    // Asked with HEAD: not a visit the report below counts.
    const chatting = await t.app.sites.inject({
      method: 'HEAD',
      url: '/welcome',
      headers: { host: 'pages.shop.test' },
    });
    const policy = String(chatting.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://connect.facebook.net https://client.crisp.chat ");
    expect(policy).toContain('wss://client.relay.crisp.chat');
    expect(policy).toContain("worker-src 'self' blob: https://client.crisp.chat");
    const crispLoader = await t.app.sites.inject({ method: 'GET', url: `/embed/pixels/${page.pageId}.js` });
    expect(crispLoader.body).toContain(
      'This site uses cookies of Meta Pixel to measure visits and advertising, and of Crisp for its chat. Do you accept them?',
    );
    expect(crispLoader.body).toContain(`"crispChat":"${crispId.toLowerCase()}"`);
    expect(tracked.headers['content-security-policy']).not.toContain('worker-src');
    await t.call('PUT', '/v1/pages/integrations', a.token, {});
    t.clock.advance(3_000);
    const plain = (await visit('/welcome', { host: 'pages.shop.test' })).body;
    expect(plain).not.toContain('/embed/pixels/');
    expect(plain).not.toContain('Chat with us');

    // Share: the draft at a secret link (its popups open there too), gone once unshared.
    const withPopup = designWith();
    withPopup.blocks.push({
      ...withPopup.blocks[0],
      id: 'offer',
      type: 'row',
      props: {
        columns: [{ width: 100, background: 'transparent', padding: 0, verticalAlign: 'top', blocks: [] }],
        stackOnMobile: true,
        popup: { trigger: 'load', delaySeconds: 2, scrollPercent: 50 },
      },
    } as EmailDesign['blocks'][number]);
    await t.call('PUT', `/v1/pages/${page.pageId}`, a.token, { design: withPopup });
    const shared = (await t.post(`/v1/pages/${page.pageId}/share`, a.token, { share: true })).json().data;
    expect(shared.shareUrl).toMatch(/\/share\/[A-Za-z0-9_-]+$/);
    const sharePath = new URL(shared.shareUrl).pathname;
    const draft = await visit(sharePath);
    expect(draft.statusCode).toBe(200);
    expect(draft.body).toContain('<script src="/embed/popup.js" defer></script></head>');
    expect(draft.body).toContain('data-page-popup="load" data-delay="2"');
    await t.post(`/v1/pages/${page.pageId}/share`, a.token, { share: false });
    t.clock.advance(3_000);
    expect((await visit(sharePath)).statusCode).toBe(404);

    const copy = (await t.post(`/v1/pages/${page.pageId}/duplicate`, a.token, {})).json().data;
    expect(copy).toMatchObject({ name: 'Copy of Domain page', permalink: 'welcome-copy', published: false });

    // Visits: people counted per day with their country (the two views above too), robots and HEAD requests not.
    await visit('/welcome', { host: 'pages.shop.test', 'user-agent': 'Googlebot/2.1' });
    await t.app.sites.inject({ method: 'HEAD', url: '/welcome', headers: { host: 'pages.shop.test' } });
    await visit('/welcome', { host: 'pages.shop.test' });
    await t.app.sites.inject({
      method: 'GET',
      url: '/welcome',
      headers: { host: 'pages.shop.test', 'user-agent': 'Other' },
      remoteAddress: '8.8.8.8',
    });
    // The report's days are the team's (a new team is at the default UTC+07:00), not UTC's.
    const day = isoAtOffset(t.clock.now(), timezoneOffsetFromText(null)).slice(0, 10);
    let report = await t.getData(`/v1/pages/${page.pageId}/reports?start=${day}&end=${day}`, a.token);
    for (let tries = 0; report.visits < 5 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      report = await t.getData(`/v1/pages/${page.pageId}/reports?start=${day}&end=${day}`, a.token);
    }
    expect(report).toMatchObject({ visits: 5, visitors: 2, days: [{ day, visits: 5, visitors: 2 }] });
    expect(report.locations).toEqual([
      { country: 'GB', visits: 4 },
      { country: 'US', visits: 1 },
    ]);
    expect(
      (await t.get(`/v1/pages/${page.pageId}/reports?start=${day}&end=${day}`, b.token)).statusCode,
    ).toBe(404);
    const csv = await t.get(`/v1/pages/${page.pageId}/reports/export?start=${day}&end=${day}`, a.token);
    expect(csv.body).toContain(`${day},5,2`);

    const removed = await t.call('DELETE', `/v1/pages?ids=${page.pageId},${copy.pageId}`, a.token);
    expect(removed.json().data.ids.sort()).toEqual([page.pageId, copy.pageId].sort());
    t.clock.advance(3_000);
    expect((await visit('/welcome', { host: 'pages.shop.test' })).statusCode).toBe(404);
  });
});
