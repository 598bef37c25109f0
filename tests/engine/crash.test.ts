import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.ts';
import { createSendingAccount, withDatabase } from './crash-account.ts';
import {
  type AcknowledgedSend,
  type Burst,
  sendOverHttp,
  sendOverSmtp,
  smtpTransport,
  startBurst,
} from './crash-burst.ts';
import { type CrashServer, type ServerSettings, startServer } from './crash-server.ts';
import { type CrashStorage, crashTargets } from './crash-storage.ts';
import { brokenPromises, readStoredCopies, unacknowledgedStored } from './crash-storage-check.ts';

/** Two kills in a row: more chances to hit a commit in progress, and recovery after a recovered crash. */
const crashRounds = 2;
const workers = { http: 8, smtp: 8 };
const late = 'late@crash.example.test';

/**
 * At least 1.5 s and 300 acknowledged sends before the kill: a cold server (JIT, first queries) answers
 * slowly at first, and a kill during warm-up would prove little. Capped so a slow machine still finishes;
 * cut short when something goes wrong.
 */
async function burstUntilBusy(burst: Burst): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 15_000) {
    await sleep(50);
    if (burst.unexpectedSoFar() > 0) return;
    if (Date.now() - started >= 1_500 && burst.acknowledgedSoFar() >= 300) return;
  }
}

describe.each(crashTargets)('SIGKILL during a send burst on $name', (target) => {
  const servers: CrashServer[] = [];
  let storage: CrashStorage | undefined;

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.kill()));
    await storage?.dispose();
    storage = undefined;
  });

  it('keeps every message acknowledged with 200 or 250 exactly once after a restart', async () => {
    const started = Date.now();
    const startups: number[] = [];
    const launch = async (settings: ServerSettings) => {
      const begun = Date.now();
      const server = await startServer(settings);
      servers.push(server);
      startups.push(Date.now() - begun);
      return server;
    };
    storage = await target.create();
    const account = await createSendingAccount(storage);
    const setupMs = Date.now() - started;
    const settings = { port: await freePort(), smtpPort: await freePort(), storage: storage.env };
    const acknowledged: AcknowledgedSend[] = [];
    const rounds: string[] = [];

    for (let round = 1; round <= crashRounds; round += 1) {
      const server = await launch(settings);
      const burst = startBurst({ ...server, apiKey: account.apiKey }, { ...workers, label: `r${round}` });
      await burstUntilBusy(burst);
      const result = await burst.killAtNextAcknowledgment(() => void server.kill());
      await server.kill();

      expect(result.unexpected, server.output()).toEqual([]);
      const via = (channel: string) => result.acknowledged.filter((send) => send.via === channel).length;
      expect(via('http')).toBeGreaterThan(20);
      expect(via('smtp')).toBeGreaterThan(20);
      expect(result.inFlightAtKill).toBeGreaterThan(0);
      acknowledged.push(...result.acknowledged);
      rounds.push(
        `round ${round}: ${result.acknowledged.length} acknowledged (http ${via('http')}, smtp ${via('smtp')}), ` +
          `${result.inFlightAtKill} in flight at the kill, ${result.failed} cut off`,
      );
    }

    const restarted = await launch(settings);
    const after = { ...restarted, apiKey: account.apiKey };
    expect(await sendOverHttp(after, 'after-restart-http', [late])).toBe('ok');
    const transport = smtpTransport(after);
    try {
      expect(await sendOverSmtp(transport, 'after-restart-smtp', [late])).toBe('ok');
    } finally {
      transport.close();
    }
    expect(await restarted.stop(), restarted.output()).toBe(0);
    acknowledged.push(
      { via: 'http', subject: 'after-restart-http', recipients: [late] },
      { via: 'smtp', subject: 'after-restart-smtp', recipients: [late] },
    );

    const stored = await withDatabase(storage, (db) => readStoredCopies(db, account.companyId));
    const problems = brokenPromises(acknowledged, stored);
    console.info(
      `[crash ${target.name}] ${rounds.join('; ')}; ` +
        `${unacknowledgedStored(acknowledged, stored)} recipients stored without acknowledgment; ` +
        `${problems.length} problems; setup ${setupMs} ms, start-ups ${startups.join('/')} ms, ` +
        `${Date.now() - started} ms in all`,
    );
    expect(problems.slice(0, 20), `${problems.length} problems`).toEqual([]);
  }, 120_000);
});
