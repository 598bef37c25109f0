/**
 * `npm run bench:campaign-chaos`: issue 25's chaos run. A campaign to BENCH_CHAOS_CONTACTS contacts in
 * one label (default 111,111, every tenth unsubscribed: 100,000 recipients) is sent by a server process that is SIGKILLed
 * BENCH_CHAOS_KILL_SECONDS (default 5) after each start, and started again on the same data, until the
 * campaign is SENT. Then, from the engine's queue: subscribed contacts without a message, addresses with
 * two, unsubscribed contacts mailed (each must be 0). PGlite (the server on its DATA_DIR), then
 * PostgreSQL when BENCH_DATABASE_URL is set. Results go to tests/bench/results/campaign-chaos.{json,md}.
 *
 * The server runs with WORKER_DEAD_AFTER_SECONDS=2: a killed worker's send is the next one's once its
 * heartbeat has stood still that long. With the default 20 s, a worker killed every 5 s would never
 * take the send over (on PostgreSQL; a PGlite server restarted on its data takes it at once).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CampaignStatus } from '@app/contract/marketing/campaign-messages';
import type { Db } from '../../server/src/db/db.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { campaignStore } from '../../server/src/marketing/campaigns/campaign-store.ts';
import { withDatabase } from '../engine/crash-account.ts';
import { startServer } from '../engine/crash-server.ts';
import { type CrashTarget, pgliteTarget, postgresTarget } from '../engine/crash-storage.ts';
import { freePort } from '../support/ports.ts';
import { onceFigures, seedAudience, sendingCampaign } from './campaign-seed.ts';
import { markdownTable, round, writeResults } from './report.ts';

const contacts = Number(process.env.BENCH_CHAOS_CONTACTS ?? 111_111);
const killEveryMs = Number(process.env.BENCH_CHAOS_KILL_SECONDS ?? 5) * 1000;
/** A run that has not ended by then is reported as such. */
const giveUpMs = Number(process.env.BENCH_CHAOS_TIMEOUT_SECONDS ?? 900) * 1000;

interface Figures {
  database: string;
  recipients: number;
  kills: number;
  /** From the first start until the campaign was found SENT. */
  seconds: number;
  status: CampaignStatus | 'missing';
  /** Recipients the engine had queued at each kill. */
  queuedAtKills: number[];
  without: number;
  twice: number;
  unsubscribed: number;
}

async function chaos(target: CrashTarget): Promise<Figures> {
  const storage = await target.create();
  try {
    const { audience, campaignId } = await withDatabase(storage, async (db: Db) => {
      await migrate(db);
      console.log(`${target.name}: ${contacts.toLocaleString('en-US')} contacts…`);
      const seeded = await seedAudience(db, contacts);
      return { audience: seeded, campaignId: await sendingCampaign(db, seeded) };
    });
    const where = () => withDatabase(storage, (db) => campaignStore.get(db, audience.companyId, campaignId));
    const started = performance.now();
    const queuedAtKills: number[] = [];
    let status: CampaignStatus | 'missing' = 'SENDING';
    while (status !== 'SENT' && performance.now() - started < giveUpMs) {
      const server = await startServer({
        port: await freePort(),
        smtpPort: await freePort(),
        storage: storage.env,
        env: { WORKER_DEAD_AFTER_SECONDS: '2', PUBLIC_URL: 'https://bench.test' },
      });
      await sleep(killEveryMs);
      await server.kill();
      const row = await where();
      status = row?.status ?? 'missing';
      if (status !== 'SENT') queuedAtKills.push(row?.queued ?? 0);
      console.log(`${target.name}: killed; ${row?.queued ?? 0} queued, ${status}`);
    }
    const seconds = round((performance.now() - started) / 1000, 1);
    const once = await withDatabase(storage, (db) => onceFigures(db, audience.companyId, campaignId));
    return {
      database: target.name,
      recipients: audience.mailable,
      kills: queuedAtKills.length,
      seconds,
      status,
      queuedAtKills,
      ...once,
    };
  } finally {
    await storage.dispose();
  }
}

function markdown(results: Figures[]): string {
  return [
    `# Campaign chaos: ${contacts.toLocaleString('en-US')} contacts (a tenth unsubscribed), the server SIGKILLed every ${killEveryMs / 1000} s`,
    '',
    '`npm run bench:campaign-chaos` (BENCH_CHAOS_CONTACTS, BENCH_CHAOS_KILL_SECONDS, BENCH_DATABASE_URL). Goal:',
    'no subscribed contact without a message, none with two, no unsubscribed one mailed.',
    '',
    ...markdownTable(
      [
        'database',
        'recipients',
        'kills before SENT',
        'queued at each kill',
        'first start → SENT s',
        'status',
        'without a message',
        'with two',
        'unsubscribed mailed',
      ],
      results.map((r) => [
        r.database,
        r.recipients,
        r.kills,
        r.queuedAtKills.join(', ') || '–',
        r.seconds,
        r.status,
        r.without,
        r.twice,
        r.unsubscribed,
      ]),
    ),
    '',
  ].join('\n');
}

const server = process.env.BENCH_DATABASE_URL;
const targets = [pgliteTarget, ...(server ? [postgresTarget(server)] : [])];
const results: Figures[] = [];
for (const target of targets) results.push(await chaos(target));
await writeResults('campaign-chaos', { contacts, killEveryMs, results }, markdown(results));
