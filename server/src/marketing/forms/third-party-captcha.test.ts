import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { useFormTests } from '../../testing/forms.ts';

/** What a provider's siteverify got: its form fields. */
type Check = Record<string, string>;

/**
 * A stand-in for the providers' siteverify endpoints on loopback: a token passes when it is
 * "good-token" and the secret is the shop's; /down answers 503.
 */
async function startProvider(): Promise<{ url: string; checks: Check[]; server: Server }> {
  const checks: Check[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.url === '/down') return response.writeHead(503).end();
      const check = Object.fromEntries(new URLSearchParams(body));
      checks.push(check);
      const success = check.secret === 'shop-secret' && check.response === 'good-token';
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    checks,
    server,
  };
}

describe.each(databases)("forms checked by the company's own captcha provider on $name", (database) => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  beforeAll(async () => {
    provider = await startProvider();
  });
  afterAll(async () => {
    await new Promise((done) => provider.server.close(done));
  });
  const { t, create, publish, submit, accounts } = useFormTests(database, () => ({
    config: {
      forms: {
        ...testConfig().forms,
        captchaVerifyUrls: {
          hcaptcha: `${provider.url}/hcaptcha`,
          turnstile: `${provider.url}/down`,
          recaptcha: `${provider.url}/recaptcha`,
        },
      },
    },
  }));
  const poll = (name: string, captcha: object) => ({
    name,
    components: [{ id: 'why', type: 'inputText', setting: { title: 'Why?', required: true } }],
    saveToContact: false,
    ...captcha,
  });

  it('keeps the secret key sealed and unshown, and lets in only a token the provider passes', async () => {
    const { a } = accounts();
    const noKey = await t.post('/v1/forms', a.token, poll('Poll', { settings: { captcha: 'hcaptcha' } }));
    expect(noKey.json().payload).toMatchObject({
      field: 'settings.captchaSiteKey',
      cause: 'Enter the site key of your hCaptcha account',
    });
    const noSecret = await t.post(
      '/v1/forms',
      a.token,
      poll('Poll', { settings: { captcha: 'hcaptcha', captchaSiteKey: 'site-123' } }),
    );
    expect(noSecret.json().payload).toMatchObject({
      field: 'captchaSecret',
      cause: 'Enter the secret key of your hCaptcha account',
    });

    const body = poll('Poll', {
      settings: { captcha: 'hcaptcha', captchaSiteKey: 'site-123' },
      captchaSecret: 'shop-secret',
    });
    const id = await create(a, body);
    const detail = await t.get(`/v1/forms/${id}`, a.token);
    expect(detail.json().data).toMatchObject({
      captchaSecretSet: true,
      settings: { captchaSiteKey: 'site-123' },
    });
    expect(detail.body).not.toContain('shop-secret');
    const kept = await t.db.one<{ captcha_secret: string }>(
      'SELECT captcha_secret FROM forms WHERE id = $1',
      [id],
    );
    expect(kept.captcha_secret).not.toContain('shop-secret');
    await publish(a, id);
    const definition = (await t.app.inject({ method: 'GET', url: `/embed/forms/${id}` })).json().data;
    expect(definition.settings).toMatchObject({ captcha: 'hcaptcha', captchaSiteKey: 'site-123' });

    const bad = await submit(id, { answers: { why: 'spam' }, captcha: 'forged-token' }, '203.0.113.9');
    expect(bad.json()).toMatchObject({ code: 'captchaInvalid', message: 'Captcha is invalid' });
    const good = await submit(id, { answers: { why: 'news' }, captcha: 'good-token' }, '203.0.113.9');
    expect(good.statusCode, good.body).toBe(200);
    expect(provider.checks.at(-1)).toEqual({
      secret: 'shop-secret',
      response: 'good-token',
      remoteip: '203.0.113.9',
    });
    const count = async () =>
      (
        await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM form_submissions WHERE form_id = $1', [
          id,
        ])
      ).n;
    expect(await count()).toBe(1);

    // Saved again without the secret, the form keeps it; back to the proof of work, it is dropped.
    const { captchaSecret: _left, ...withoutSecret } = body as typeof body & { captchaSecret?: string };
    expect(
      (await t.call('PUT', `/v1/forms/${id}`, a.token, withoutSecret)).json().data.captchaSecretSet,
    ).toBe(true);
    expect((await submit(id, { answers: { why: 'more' }, captcha: 'good-token' })).statusCode).toBe(200);
    const back = await t.call('PUT', `/v1/forms/${id}`, a.token, {
      ...withoutSecret,
      settings: { captcha: 'proofOfWork' },
    });
    expect(back.json().data).toMatchObject({ captchaSecretSet: false, settings: { captchaSiteKey: null } });
  });

  it('tells the visitor to try again when the provider cannot be reached, and keeps nothing', async () => {
    const { a } = accounts();
    const id = await create(
      a,
      poll('Turnstile poll', {
        settings: { captcha: 'turnstile', captchaSiteKey: '0x4AAA' },
        captchaSecret: 'shop-secret',
      }),
    );
    await publish(a, id);
    const answer = await submit(id, { answers: { why: 'x' }, captcha: 'good-token' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'captchaInvalid',
      message: 'The captcha could not be checked, please try again',
    });
    const kept = await t.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM form_submissions WHERE form_id = $1',
      [id],
    );
    expect(kept.n).toBe(0);
  });
});
