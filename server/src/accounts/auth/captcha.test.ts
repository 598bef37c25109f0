import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { defaultDatabase } from '../../testing/databases.ts';

describe('captcha', () => {
  const verifier = Fastify();
  let url: string;

  beforeAll(async () => {
    // A siteverify endpoint like hCaptcha's: form post, JSON answer.
    verifier.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    verifier.post('/siteverify', async (request) => {
      const form = request.body as Record<string, string>;
      return { success: form.secret === 'captcha-secret' && form.response === 'human' };
    });
    url = await verifier.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await verifier.close();
  });
  // Registered after the verifier's hooks: opens once it listens, closes before it stops.
  const t = useTestApp(defaultDatabase, () => ({
    config: { captcha: { provider: 'hcaptcha', secret: 'captcha-secret', verifyUrl: `${url}/siteverify` } },
  }));

  const forget = (captcha?: string) =>
    t.app.inject({ method: 'POST', url: '/v1/forget-password', payload: { email: uniqueEmail(), captcha } });

  it('requires a captcha answer when a provider is configured', async () => {
    const missing = await forget();
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('captchaRequired');
    expect((await forget('robot')).json().code).toBe('captchaInvalid');
    expect((await forget('human')).json()).toEqual({ data: true });
  });

  it('guards sign-in and registration too', async () => {
    const signinResponse = await t.app.inject({
      method: 'POST',
      url: '/v1/signin',
      payload: { email: uniqueEmail(), password: 'Password123' },
    });
    expect(signinResponse.json().code).toBe('captchaRequired');
    const registerResponse = await t.app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: {
        email: uniqueEmail(),
        password: 'Password123',
        company: 'A',
        phone: '+1 555 0100',
        captcha: 'robot',
      },
    });
    expect(registerResponse.json().code).toBe('captchaInvalid');
  });
});
