import { describe, expect, it } from 'vitest';
import { crashMidSend } from './crash-recovery.ts';
import { crashTargets } from './crash-storage.ts';

const messages = 150;

/**
 * Finding 12 of issue 22: messages a killed server had claimed stayed leased to it for the rest of
 * the 35-minute lease. On PGlite the restarted server owns the data and frees them at once; on
 * PostgreSQL it finds the dead worker once its heartbeat has been silent for WORKER_DEAD_AFTER_SECONDS.
 */
describe.each(crashTargets)('a server SIGKILLed mid-send on $name', (target) => {
  it(`has its ${messages} claimed messages delivered by the restarted server within seconds`, async () => {
    const recovery = await crashMidSend(target, {
      messages,
      timeoutMs: 30_000,
      env: { WORKER_DEAD_AFTER_SECONDS: '3' },
    });
    console.info(`[lease recovery ${target.name}] ${JSON.stringify(recovery)}`);
    expect(recovery.attemptsAtKill).toBeGreaterThan(0);
    expect(recovery.delivered).toBe(messages);
  }, 120_000);
});
