import type { Clock } from '../../clock.ts';
import type { DnsResolver } from '../../dns/resolver.ts';

/**
 * What DNS says about mail for a domain: MX hosts with addresses; no MX but an address (RFC 5321's
 * implicit MX); a null MX (RFC 7505: the domain accepts no mail); nothing to deliver to (no records,
 * or MX hosts without addresses); or no answer in time.
 */
export type DomainMail = 'mx' | 'address' | 'nullMx' | 'none' | 'unknown';

export interface DomainCheckOptions {
  /** How long an answer is reused. */
  cacheMs?: number;
  /** How long one domain's look-ups may take before the answer is `unknown`. */
  timeoutMs?: number;
}

const maxCached = 10_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS look-up timed out')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Looks domains up (MX, then A/AAAA when there is none) and remembers the answers briefly; a domain
 * asked for again while its look-up runs shares it. A failed or late look-up is `unknown`, not cached.
 */
export function createDomainCheck(dns: DnsResolver, clock: Clock, options: DomainCheckOptions = {}) {
  const cacheMs = options.cacheMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 4_000;
  const cache = new Map<string, { answer: Promise<DomainMail>; until: number }>();

  async function lookUp(domain: string): Promise<DomainMail> {
    try {
      return await withTimeout(
        (async () => {
          const mx = await dns.mx(domain);
          if (mx.length === 1 && mx[0]?.exchange.replace(/\.$/, '') === '') return 'nullMx';
          if (mx.length > 0) {
            // The hosts must lead somewhere: the two most preferred are asked for their addresses.
            for (const host of mx.slice(0, 2)) {
              if ((await dns.addresses(host.exchange)).length > 0) return 'mx';
            }
            return 'none';
          }
          return (await dns.addresses(domain)).length > 0 ? 'address' : 'none';
        })(),
        timeoutMs,
      );
    } catch {
      return 'unknown';
    }
  }

  return {
    /** `domain` in A-label, lower-case form. */
    check(domain: string): Promise<DomainMail> {
      const now = clock.now().getTime();
      const cached = cache.get(domain);
      if (cached && cached.until > now) return cached.answer;
      if (cache.size >= maxCached) cache.clear();
      const answer = lookUp(domain);
      cache.set(domain, { answer, until: now + cacheMs });
      void answer.then((found) => {
        if (found === 'unknown' && cache.get(domain)?.answer === answer) cache.delete(domain);
      });
      return answer;
    },
  };
}

export type DomainCheck = ReturnType<typeof createDomainCheck>;
