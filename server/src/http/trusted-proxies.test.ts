import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { useTestApp } from '../testing/app.ts';
import { defaultDatabase } from '../testing/databases.ts';

const signIn = (t: ReturnType<typeof useTestApp>, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/signin',
    remoteAddress: '10.0.0.5',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: 'nobody@proxy.test', password: 'Wrong-password-1' },
  });

/** The sign-in attempts' statuses from one visitor behind the proxy until it is limited, then another visitor's. */
async function limitedThenOther(t: ReturnType<typeof useTestApp>) {
  const first: number[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) first.push((await signIn(t, '198.51.100.1')).statusCode);
  return { first, other: (await signIn(t, '198.51.100.2')).statusCode };
}

describe('TRUST_PROXY', () => {
  it('reads addresses and CIDRs, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow('TRUST_PROXY');
  });

  describe('behind a trusted proxy', () => {
    const t = useTestApp(defaultDatabase, { config: { rateLimitPerMinute: 2, trustProxy: ['10.0.0.0/8'] } });
    it('limits each visitor by the address the proxy names', async () => {
      const { first, other } = await limitedThenOther(t);
      expect(first[2]).toBe(429);
      expect(other).not.toBe(429);
    });
  });

  describe('without it', () => {
    const t = useTestApp(defaultDatabase, { config: { rateLimitPerMinute: 2 } });
    it('never believes X-Forwarded-For: every visitor is the proxy', async () => {
      const { first, other } = await limitedThenOther(t);
      expect(first[2]).toBe(429);
      expect(other).toBe(429);
    });
  });
});
