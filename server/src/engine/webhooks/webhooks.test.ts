import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dns-server.ts';
import { type EngineAccount, engineAccount, engineCaller, subaccountWithKey } from '../../testing/engine.ts';
import { joinMember } from '../../testing/team.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';

const webhookGrants = ['webhooks/modify', 'webhooks/view'];

describe.each(databases)('webhooks API on $name', (database) => {
  let dns: TestDnsServer;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    dns = await startTestDnsServer({
      'hooks.acme.test': { A: ['127.0.0.1'] },
      'public.acme.test': { A: ['93.184.215.14'] },
    });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await dns.close();
  });
  const t = useTestApp(database, () => ({
    config: { dnsServers: [dns.address], webhookAllowedNetworks: ['127.0.0.0/8'] },
  }));
  const call = engineCaller(t);
  let a: EngineAccount;
  let b: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'webhooks-a');
    b = await engineAccount(t.app, t.db, 'webhooks-b');
  });
  beforeEach(() => {
    receiver.respond(() => ({ status: 200, body: 'OK' }));
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Example webhook',
    target: `${receiver.url}/example-webhook`,
    events: ['delivery', 'injection', 'open', 'click'],
    ...overrides,
  });
  const create = async (
    account: EngineAccount,
    overrides: Record<string, unknown> = {},
    subaccount?: number,
  ) => {
    const created = await call(
      account,
      'POST',
      '/webhooks',
      body(overrides),
      subaccount ? { subaccount } : {},
    );
    expect(created.statusCode, created.body).toBe(200);
    return created.json().results as { id: string; signing_secret: string };
  };

  it('creates after a signed test POST, lists without secrets, shows one with them, updates and deletes', async () => {
    const before = receiver.posts.length;
    const created = await call(
      a,
      'POST',
      '/webhooks',
      body({
        custom_headers: { 'x-api-key': 'abcd' },
        auth_type: 'basic',
        auth_credentials: { username: 'basicauthuser', password: 'mypassword' },
        exception_subaccounts: [123],
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { id, signing_secret: secret, links } = created.json().results;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(links).toEqual([
      { href: `/api/v1/webhooks/${id}`, rel: 'urn.msys.webhooks.webhook', method: ['GET', 'PUT'] },
    ]);

    const test = receiver.posts[before];
    expect(receiver.posts).toHaveLength(before + 1);
    expect(test?.path).toBe('/example-webhook');
    expect(test?.body).toBe('[{"msys":{}}]');
    expect(test?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-api-key': 'abcd',
      authorization: `Basic ${Buffer.from('basicauthuser:mypassword').toString('base64')}`,
    });
    expect(test?.headers['x-messagesystems-batch-id']).toBe(test?.headers['webhook-id']);
    expect(
      new StandardWebhook(secret).verify(test?.body ?? '', test?.headers as Record<string, string>),
    ).toEqual([{ msys: {} }]);

    const listed = await call(a, 'GET', '/webhooks');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().results).toEqual([
      {
        id,
        name: 'Example webhook',
        target: `${receiver.url}/example-webhook`,
        events: ['delivery', 'injection', 'open', 'click'],
        active: true,
        custom_headers: { 'x-api-key': 'abcd' },
        exception_subaccounts: ['123'],
        auth_type: 'basic',
        auth_request_details: {},
        auth_credentials: { username: 'basicauthuser' },
        auth_token: '',
        links: [{ href: `/api/v1/webhooks/${id}`, rel: 'urn.msys.webhooks.webhook', method: ['GET', 'PUT'] }],
      },
    ]);

    const shown = (await call(a, 'GET', `/webhooks/${id}`)).json().results;
    expect(shown).toMatchObject({
      id,
      auth_credentials: { username: 'basicauthuser', password: 'mypassword' },
      signing_secret: secret,
      links: [
        { href: `/api/v1/webhooks/${id}/validate`, rel: 'urn.msys.webhooks.validate', method: ['POST'] },
        { href: `/api/v1/webhooks/${id}/batch-status`, rel: 'urn.msys.webhooks.batches', method: ['GET'] },
      ],
    });

    const posts = receiver.posts.length;
    const renamed = await call(a, 'PUT', `/webhooks/${id}`, {
      name: 'Renamed webhook',
      events: ['generation_rejection', 'delay'],
      auth_type: 'none',
      active: false,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().results).toEqual({
      id,
      links: [
        { href: `/api/v1/webhooks/${id}/validate`, rel: 'urn.msys.webhooks.validate', method: ['POST'] },
      ],
    });
    // The target did not change: no test POST.
    expect(receiver.posts).toHaveLength(posts);
    expect((await call(a, 'GET', `/webhooks/${id}`)).json().results).toMatchObject({
      name: 'Renamed webhook',
      events: ['generation_rejection', 'delay'],
      active: false,
      auth_type: 'none',
      auth_credentials: {},
      custom_headers: { 'x-api-key': 'abcd' },
    });

    const moved = await call(a, 'PUT', `/webhooks/${id}`, {
      target: `http://hooks.acme.test:${receiver.port}/moved`,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(receiver.posts.at(-1)?.path).toBe('/moved');

    expect((await call(a, 'DELETE', `/webhooks/${id}`)).statusCode).toBe(204);
    const gone = await call(a, 'GET', `/webhooks/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors[0]).toMatchObject({ message: 'resource not found' });
    expect((await call(a, 'DELETE', `/webhooks/${id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with a precise 400 and writes nothing', async () => {
    const count = async () => (await call(a, 'GET', '/webhooks')).json().results.length;
    const before = await count();
    const refused = async (overrides: Record<string, unknown>, description: RegExp) => {
      const response = await call(a, 'POST', '/webhooks', body(overrides));
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(response.json().errors)).toMatch(description);
    };
    await refused({ name: undefined }, /name/);
    await refused({ events: ['delivery', 'nonsense'] }, /Invalid event type 'nonsense'/);
    await refused({ events: [] }, /events/);
    await refused({ target: 'ftp://hooks.acme.test/x' }, /target must be an http or https URL/);
    await refused({ target: 'not a url' }, /target must be an http or https URL/);
    await refused({ target: `http://public.acme.test:8080/x` }, /must use port 80 for http or 443 for https/);
    await refused({ target: 'http://nowhere.acme.test/x' }, /nowhere.acme.test has no address/);
    await refused({ auth_type: 'basic' }, /auth_credentials is required when auth_type is basic/);
    await refused({ auth_type: 'oauth2' }, /auth_request_details is required when auth_type is oauth2/);
    await refused({ exception_subaccounts: [1, 1] }, /duplicate/);
    await refused({ custom_headers: { 'bad header': 'x' } }, /header/);
    await refused(
      { custom_headers: { 'Content-Type': 'text/xml' } },
      /Content-Type is set by the webhook itself/,
    );

    receiver.respond(() => ({ status: 500, body: 'down for maintenance' }));
    const failed = await call(a, 'POST', '/webhooks', body());
    expect(failed.statusCode).toBe(400);
    expect(failed.json().errors[0]).toMatchObject({
      message: 'Test POST to endpoint failed',
      response: {
        status: 500,
        body: 'down for maintenance',
        headers: expect.objectContaining({ 'content-type': 'text/plain' }),
      },
    });
    expect(await count()).toBe(before);
  });

  it('keeps a webhook unchanged when its new target or token URL fails', async () => {
    const { id } = await create(a, { name: 'Steady' });
    receiver.respond((post) =>
      post.path === '/broken' ? { status: 404, body: 'no such hook' } : { status: 200 },
    );
    const moved = await call(a, 'PUT', `/webhooks/${id}`, { target: `${receiver.url}/broken` });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors[0]).toMatchObject({
      message: 'Test POST to endpoint failed',
      response: { status: 404, body: 'no such hook' },
    });
    receiver.respond((post) =>
      post.path === '/tokens' ? { status: 502, body: 'proxy error' } : { status: 200 },
    );
    const oauth = await call(a, 'PUT', `/webhooks/${id}`, {
      auth_type: 'oauth2',
      auth_request_details: { url: `${receiver.url}/tokens`, body: { client_id: 'c', client_secret: 's' } },
    });
    expect(oauth.statusCode).toBe(400);
    expect(oauth.json().errors[0]).toMatchObject({
      message: 'POST to webhook tokens URL failed',
      description: 'POST to webhook tokens URL failed',
      code: '1300',
      response: { status: 502, body: 'proxy error' },
    });
    expect((await call(a, 'GET', `/webhooks/${id}`)).json().results).toMatchObject({
      target: `${receiver.url}/example-webhook`,
      auth_type: 'none',
    });
  });

  it('validates a webhook with a test batch and shows the answer; batch status starts empty', async () => {
    const { id } = await create(a);
    receiver.respond(() => ({ status: 200, body: 'Thanks' }));
    const validated = await call(a, 'POST', `/webhooks/${id}/validate`);
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json().results).toEqual({
      msg: 'Test POST to endpoint succeeded',
      response: {
        status: 200,
        headers: expect.objectContaining({ 'content-type': 'text/plain' }),
        body: 'Thanks',
      },
    });
    expect(receiver.posts.at(-1)?.body).toBe('[{"msys":{}}]');

    receiver.respond(() => ({ status: 503 }));
    const failing = await call(a, 'POST', `/webhooks/${id}/validate`);
    expect(failing.statusCode).toBe(400);
    expect(failing.json().errors[0].response.status).toBe(503);

    const status = await call(a, 'GET', `/webhooks/${id}/batch-status?limit=10`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ results: [] });
    expect((await call(a, 'GET', `/webhooks/${id}/batch-status?limit=0`)).statusCode).toBe(400);
  });

  it("keeps each company's and each subaccount's webhooks to themselves", async () => {
    const { id } = await create(a, { name: 'Private to A' });
    for (const [method, url] of [
      ['GET', `/webhooks/${id}`],
      ['PUT', `/webhooks/${id}`],
      ['DELETE', `/webhooks/${id}`],
      ['POST', `/webhooks/${id}/validate`],
      ['GET', `/webhooks/${id}/batch-status`],
    ] as const) {
      const response = await call(b, method, url, method === 'PUT' ? { name: 'Stolen' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(b, 'GET', '/webhooks')).json().results).toEqual([]);
    expect((await call(a, 'GET', `/webhooks/${id}`)).json().results.name).toBe('Private to A');

    const sub = await subaccountWithKey(t.app, a, 'webhook-sub', webhookGrants);
    const own = await create(a, { name: 'Sub hook' }, sub.id);
    const asSub = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
      call(a, method, url, payload, { authorization: sub.key.authorization });
    const listed = (await asSub('GET', '/webhooks')).json().results;
    expect(listed.map((hook: { name: string }) => hook.name)).toEqual(['Sub hook']);
    expect(listed[0].subaccount_id).toBe(sub.id);
    expect((await asSub('GET', `/webhooks/${id}`)).statusCode).toBe(404);
    const moveSource = await asSub('PUT', `/webhooks/${own.id}`, { subaccount_id: -1 });
    expect(moveSource.statusCode).toBe(400);
    expect(moveSource.json().errors[0].description).toMatch(/primary account only/);
    const withExceptions = await asSub('PUT', `/webhooks/${own.id}`, { exception_subaccounts: [5] });
    expect(withExceptions.statusCode).toBe(400);
    // The master sees every account's webhooks.
    const masters = (await call(a, 'GET', '/webhooks'))
      .json()
      .results.map((hook: { name: string }) => hook.name);
    expect(masters).toEqual(expect.arrayContaining(['Private to A', 'Sub hook']));
    const unknownSub = await call(a, 'PUT', `/webhooks/${id}`, { subaccount_id: 999_999 });
    expect(unknownSub.statusCode).toBe(400);
    expect(unknownSub.json().errors[0].description).toBe('Subaccount 999999 does not exist');
  });

  it('shows the signing secret only to keys that may modify the webhook', async () => {
    const { id, signing_secret: secret } = await create(a, { name: 'Secret shown' });
    const viewKey = (
      await call(a, 'POST', '/api-keys', { label: 'viewer', grants: ['webhooks/view'] })
    ).json().results.key as string;
    const viewed = await call(a, 'GET', `/webhooks/${id}`, undefined, { authorization: viewKey });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json().results.signing_secret).toBeUndefined();
    expect(viewed.json().results.target).toBe(`${receiver.url}/example-webhook`);
    expect((await call(a, 'GET', `/webhooks/${id}`)).json().results.signing_secret).toBe(secret);
    await call(a, 'DELETE', `/webhooks/${id}`);
  });

  it('shows auth secrets only to callers who may change the webhook: never to a view-only key or a MEMBER', async () => {
    receiver.respond((post) =>
      post.path === '/tokens'
        ? { status: 200, body: { access_token: 'live-access-token', expires_in: 3600 } }
        : { status: 200 },
    );
    const basic = await create(a, {
      name: 'Basic secret',
      custom_headers: { 'x-api-key': 'header-secret' },
      auth_type: 'basic',
      auth_credentials: { username: 'hookuser', password: 'basic-password' },
      auth_token: 'legacy-token',
    });
    const oauth = await create(a, {
      name: 'OAuth secret',
      auth_type: 'oauth2',
      auth_request_details: {
        url: `${receiver.url}/tokens`,
        body: { client_id: 'CLIENT123', client_secret: 'client-secret', grant_type: 'client_credentials' },
      },
    });
    const secrets = ['basic-password', 'client-secret', 'live-access-token', 'legacy-token', 'header-secret'];
    const viewKey = (
      await call(a, 'POST', '/api-keys', { label: 'viewer', grants: ['webhooks/view'] })
    ).json().results.key as string;
    const member = await joinMember(t.app, t.db, a);
    for (const authorization of [viewKey, `Bearer ${member.token}`]) {
      const shownBasic = await call(a, 'GET', `/webhooks/${basic.id}`, undefined, { authorization });
      expect(shownBasic.statusCode).toBe(200);
      expect(shownBasic.json().results).toMatchObject({
        auth_type: 'basic',
        auth_credentials: { username: 'hookuser' },
      });
      expect(shownBasic.json().results).not.toHaveProperty('custom_headers');
      const shownOauth = (await call(a, 'GET', `/webhooks/${oauth.id}`, undefined, { authorization })).json()
        .results;
      expect(shownOauth).toMatchObject({
        auth_request_details: {
          url: `${receiver.url}/tokens`,
          body: { client_id: 'CLIENT123', grant_type: 'client_credentials' },
        },
        auth_credentials: {},
      });
      const listed = await call(a, 'GET', '/webhooks', undefined, { authorization });
      for (const answer of [shownBasic.body, JSON.stringify(shownOauth), listed.body]) {
        for (const secret of [...secrets, basic.signing_secret, oauth.signing_secret]) {
          expect(answer).not.toContain(secret);
        }
      }
    }
    // Who may change the webhook sees what SparkPost shows: the edit screen needs no secret typed again.
    const full = (await call(a, 'GET', `/webhooks/${basic.id}`)).json().results;
    expect(full).toMatchObject({
      custom_headers: { 'x-api-key': 'header-secret' },
      auth_credentials: { username: 'hookuser', password: 'basic-password' },
      auth_token: 'legacy-token',
      signing_secret: basic.signing_secret,
    });
    expect((await call(a, 'GET', `/webhooks/${oauth.id}`)).json().results).toMatchObject({
      auth_request_details: { body: { client_secret: 'client-secret' } },
      auth_credentials: { access_token: 'live-access-token', expires_in: 3600 },
    });
    await call(a, 'DELETE', `/webhooks/${basic.id}`);
    await call(a, 'DELETE', `/webhooks/${oauth.id}`);
  });

  it('needs the webhooks grants', async () => {
    const sub = await subaccountWithKey(t.app, a, 'no-webhooks');
    const response = await call(a, 'GET', '/webhooks', undefined, { authorization: sub.key.authorization });
    expect(response.statusCode).toBe(403);
  });

  it('documents the event types by envelope and serves sample batches', async () => {
    const docs = (await call(a, 'GET', '/webhooks/events/documentation')).json().results;
    expect(Object.keys(docs)).toEqual(
      expect.arrayContaining(['message_event', 'track_event', 'gen_event', 'unsubscribe_event']),
    );
    expect(docs.message_event.events.delivery.event.rcpt_to).toMatchObject({
      description: expect.any(String),
    });
    expect(docs.track_event.events.click).toBeDefined();

    const samples = await call(a, 'GET', '/webhooks/events/samples?events=bounce,click');
    expect(samples.statusCode).toBe(200);
    const [bounce, click] = samples.json().results;
    expect(bounce.msys.message_event).toMatchObject({ type: 'bounce', bounce_class: expect.any(String) });
    expect(click.msys.track_event).toMatchObject({ type: 'click' });
    expect((await call(a, 'GET', '/webhooks/events/samples?events=nope')).statusCode).toBe(400);
  });
});

describe.each(databases)('webhook targets without an allow-list on $name', (database) => {
  let dns: TestDnsServer;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    dns = await startTestDnsServer({
      'private.acme.test': { A: ['192.168.1.5'] },
      'mixed.acme.test': { A: ['93.184.215.14', '10.0.0.7'] },
      'metadata.acme.test': { A: ['169.254.169.254'] },
      'compatible.acme.test': { AAAA: ['::7f00:1'] },
      'mapped.acme.test': { AAAA: ['::ffff:7f00:1'] },
      'nat64.acme.test': { AAAA: ['64:ff9b::a9fe:a9fe'] },
    });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await dns.close();
  });
  const t = useTestApp(database, () => ({ config: { dnsServers: [dns.address] } }));
  const call = engineCaller(t);

  it('refuses loopback, private, link-local, mapped, compatible and NAT64 addresses, literal or resolved, before connecting', async () => {
    const a = await engineAccount(t.app, t.db, 'ssrf');
    for (const target of [
      `${receiver.url}/hook`,
      'http://127.0.0.1/hook',
      'http://10.1.2.3/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'http://private.acme.test/hook',
      'http://mixed.acme.test/hook',
      'http://metadata.acme.test/latest/meta-data',
      'http://[::7f00:1]/hook',
      'http://[::127.0.0.1]/hook',
      'http://[::ffff:7f00:1]/hook',
      'http://[64:ff9b::7f00:1]/hook',
      'http://2130706433/hook',
      'http://0177.0.0.1/hook',
      'http://0x7f.1/hook',
      'http://compatible.acme.test/hook',
      'http://mapped.acme.test/hook',
      'http://nat64.acme.test/hook',
    ]) {
      const response = await call(a, 'POST', '/webhooks', { name: 'x', target, events: ['delivery'] });
      expect(response.statusCode, target).toBe(400);
      expect(response.json().errors[0].description, target).toMatch(
        /is a private, local or reserved address; the operator may allow its network \(WEBHOOK_ALLOWED_NETWORKS\)/,
      );
    }
    const oauth = await call(a, 'POST', '/webhooks', {
      name: 'x',
      target: 'http://93.184.215.14/hook',
      events: ['delivery'],
      auth_type: 'oauth2',
      auth_request_details: { url: 'http://127.0.0.1/token', body: { client_id: 'c' } },
    });
    expect(oauth.statusCode).toBe(400);
    expect(oauth.json().errors[0].description).toMatch(/^auth_request_details.url: 127.0.0.1 is a private/);
    const compatibleOauth = await call(a, 'POST', '/webhooks', {
      name: 'x',
      target: 'http://93.184.215.14/hook',
      events: ['delivery'],
      auth_type: 'oauth2',
      auth_request_details: { url: 'http://[::7f00:1]/token', body: { client_id: 'c' } },
    });
    expect(compatibleOauth.statusCode).toBe(400);
    expect(compatibleOauth.json().errors[0].description).toMatch(
      /^auth_request_details.url: ::7f00:1 is a private/,
    );
    expect(receiver.posts).toEqual([]);
    expect((await call(a, 'GET', '/webhooks')).json().results).toEqual([]);
  });
});
