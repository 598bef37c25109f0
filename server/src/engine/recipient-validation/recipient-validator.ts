import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RecipientValidationResult } from '@app/contract/engine/index';
import type { DomainCheck, DomainMail } from './domain-check.ts';
import { type Examined, examine, verdict } from './verdict.ts';

/** Look-ups of one batch in flight at once. */
const lookupConcurrency = 16;
const examinedPerTurn = 100;

/** Runs `work` on each item, at most `limit` at a time. */
async function eachBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** Validates addresses: syntax and lists first, then one DNS look-up per distinct domain. */
export function createRecipientValidator(domains: DomainCheck) {
  return {
    async validate(address: string): Promise<RecipientValidationResult> {
      const examined = examine(address);
      if (examined.syntax === 'invalid') return verdict(examined, 'none');
      return verdict(examined, await domains.check(examined.domain));
    },

    /** Results in the order of `addresses`; each distinct domain is looked up once, a few at a time. */
    async validateMany(addresses: readonly string[]): Promise<RecipientValidationResult[]> {
      const examined: Examined[] = [];
      // Examining is a few hundred microseconds an address at worst (the spelling check of a new
      // domain): a small group per turn keeps the event loop free.
      for (let from = 0; from < addresses.length; from += examinedPerTurn) {
        if (from > 0) await nextTurn();
        for (const address of addresses.slice(from, from + examinedPerTurn)) examined.push(examine(address));
      }
      const distinct = [...new Set(examined.flatMap((one) => (one.syntax === 'valid' ? [one.domain] : [])))];
      const mail = new Map<string, DomainMail>();
      await eachBounded(distinct, lookupConcurrency, async (domain) => {
        mail.set(domain, await domains.check(domain));
      });
      return examined.map((one) =>
        verdict(one, one.syntax === 'valid' ? (mail.get(one.domain) ?? 'unknown') : 'none'),
      );
    },
  };
}

export type RecipientValidator = ReturnType<typeof createRecipientValidator>;
