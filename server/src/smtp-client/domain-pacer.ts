import { setTimeout as sleep } from 'node:timers/promises';

/** Past this many domains remembered, those whose next turn has passed are forgotten. */
const rememberedDomains = 10_000;

/**
 * Spaces the messages to one recipient domain `1000 / perSecond` ms apart (DELIVERY_DOMAIN_RATE),
 * as receivers that throttle by sender ask; 0 means no limit. Resolves when it is the caller's turn.
 */
export function createDomainPacer(
  perSecond: number,
  clock: { now(): number; sleep(ms: number): Promise<unknown> } = { now: Date.now, sleep },
) {
  const nextTurn = new Map<string, number>();
  return async (domain: string): Promise<void> => {
    if (perSecond <= 0) return;
    const now = clock.now();
    if (nextTurn.size > rememberedDomains) {
      for (const [known, at] of nextTurn) if (at <= now) nextTurn.delete(known);
    }
    const turn = Math.max(now, nextTurn.get(domain) ?? 0);
    nextTurn.set(domain, turn + 1000 / perSecond);
    if (turn > now) await clock.sleep(turn - now);
  };
}
