import { describe, expect, it } from 'vitest';
import type { DnsResolver, MxHost } from '../../dns/resolver.ts';
import { testClock } from '../../testing/app.ts';
import { createDomainCheck } from './domain-check.ts';
import { createRecipientValidator } from './recipient-validator.ts';

/** A resolver answering from `mx` and `addresses`, counting the MX look-ups of each domain. */
function fakeResolver(
  mx: Record<string, MxHost[] | Error | 'hang'>,
  addresses: Record<string, string[]> = { 'mail.mx.test': ['192.0.2.25'] },
): DnsResolver & { asked: Map<string, number> } {
  const asked = new Map<string, number>();
  return {
    asked,
    mx: async (domain) => {
      asked.set(domain, (asked.get(domain) ?? 0) + 1);
      const answer = mx[domain] ?? [];
      if (answer === 'hang') return new Promise<never>(() => {});
      if (answer instanceof Error) throw answer;
      return answer;
    },
    addresses: async (host) => addresses[host] ?? [],
    txt: async () => [],
    cname: async () => [],
  };
}

const timedOut = Object.assign(new Error('queryMx ETIMEOUT'), { code: 'ETIMEOUT' });

describe('domain check', () => {
  it('tells MX, implicit MX (an address only), null MX and nothing apart', async () => {
    const dns = fakeResolver(
      {
        'mx.test': [{ exchange: 'mail.mx.test', priority: 10 }],
        'null.test': [{ exchange: '', priority: 0 }],
        'nowhere.test': [{ exchange: 'gone.nowhere.test', priority: 10 }],
      },
      { 'a.test': ['192.0.2.1'], 'mail.mx.test': ['192.0.2.25'] },
    );
    const check = createDomainCheck(dns, testClock());
    expect(await check.check('mx.test')).toBe('mx');
    expect(await check.check('null.test')).toBe('nullMx');
    expect(await check.check('a.test')).toBe('address');
    expect(await check.check('none.test')).toBe('none');
    // MX hosts that have no address lead nowhere.
    expect(await check.check('nowhere.test')).toBe('none');
  });

  it('answers unknown when DNS fails or is late, and asks again next time', async () => {
    const dns = fakeResolver({ 'down.test': timedOut, 'slow.test': 'hang' });
    const check = createDomainCheck(dns, testClock(), { timeoutMs: 20 });
    expect(await check.check('down.test')).toBe('unknown');
    expect(await check.check('slow.test')).toBe('unknown');
    expect(await check.check('down.test')).toBe('unknown');
    expect(dns.asked.get('down.test')).toBe(2);
  });

  it('reuses an answer for a while, then asks again', async () => {
    const dns = fakeResolver({ 'mx.test': [{ exchange: 'mail.mx.test', priority: 10 }] });
    const clock = testClock();
    const check = createDomainCheck(dns, clock, { cacheMs: 60_000 });
    await Promise.all([check.check('mx.test'), check.check('mx.test')]);
    await check.check('mx.test');
    expect(dns.asked.get('mx.test')).toBe(1);
    clock.advance(60_001);
    await check.check('mx.test');
    expect(dns.asked.get('mx.test')).toBe(2);
  });

  it('looks each distinct domain of a batch up once and keeps the batch order', async () => {
    const dns = fakeResolver({
      'mx.test': [{ exchange: 'mail.mx.test', priority: 10 }],
      'down.test': timedOut,
    });
    const validator = createRecipientValidator(createDomainCheck(dns, testClock()));
    const addresses = Array.from({ length: 300 }, (_, index) =>
      index % 3 === 0 ? `a${index}@mx.test` : index % 3 === 1 ? `b${index}@MX.test` : `c${index}@down.test`,
    );
    const results = await validator.validateMany([...addresses, 'no at sign']);
    expect(dns.asked).toEqual(
      new Map([
        ['mx.test', 1],
        ['down.test', 1],
      ]),
    );
    expect(results[0]).toMatchObject({ result: 'valid', delivery_confidence: 85 });
    expect(results[1]).toMatchObject({ result: 'valid' });
    // DNS down: no verdict on the domain, a lower confidence rather than an error.
    expect(results[2]).toEqual({
      valid: true,
      result: 'neutral',
      is_role: false,
      is_disposable: false,
      is_free: false,
      delivery_confidence: 50,
    });
    expect(results[300]).toMatchObject({ result: 'undeliverable', reason: 'Invalid Syntax' });
  });
});
