/**
 * `npm run bench:campaigns`: a campaign to BENCH_CAMPAIGN_CONTACTS contacts in one label (default
 * 1,000,000), on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL in a database of its own:
 * - count-recipient over the label and over a segment of every contact, p95 of 5 each (goal ≤ 300 ms); a
 *   tenth of the contacts are unsubscribed, so both counts leave them out;
 * - the time from Send to every recipient queued in the engine (the worker's runner, batches of 5,000,
 *   as a worker process runs it; goal ≤ 15 s on PostgreSQL), recipients/s, the event loop's longest
 *   stall and the RSS growth (goal ≤ 512 MB on PostgreSQL);
 * - afterwards: subscribed contacts with no message, contacts with two, unsubscribed ones with one (all 0).
 * The content is the composer's new campaign (its links to each reader's pages signed per recipient).
 * Results go to tests/bench/results/campaign-send.{json,md}.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createCompanyStore } from '../../server/src/accounts/company/company-store.ts';
import { systemClock } from '../../server/src/clock.ts';
import {
  closeDesignRenderPool,
  createDesignRenderer,
} from '../../server/src/content/email-designs/render/design-renderer.ts';
import type { Db } from '../../server/src/db/db.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { openPgliteWorker } from '../../server/src/db/pglite-worker.ts';
import { createEngine } from '../../server/src/engine/create-engine.ts';
import { marketingEngineOf } from '../../server/src/engine/interfaces.ts';
import { createCampaignRunner } from '../../server/src/marketing/campaigns/campaign-runner.ts';
import { campaignStore } from '../../server/src/marketing/campaigns/campaign-store.ts';
import { createRecipientLinks } from '../../server/src/marketing/campaigns/recipient-pages/recipient-links.ts';
import { companyDoorOf } from '../../server/src/marketing/company-door.ts';
import {
  type AudienceChoice,
  createAudiences,
} from '../../server/src/marketing/contacts/audience/audience.ts';
import { createSegmentService } from '../../server/src/marketing/contacts/segments/segment-service.ts';
import { senderDoorOf } from '../../server/src/marketing/senders/sender-door.ts';
import { onceFigures, seedAudience, sendingCampaign } from './campaign-seed.ts';
import { onOwnPostgres } from './own-database.ts';
import { markdownTable, round, writeResults } from './report.ts';

const contacts = Number(process.env.BENCH_CAMPAIGN_CONTACTS ?? 1_000_000);

interface Figures {
  database: string;
  countP95Ms: number;
  segmentCountP95Ms: number;
  queuedSeconds: number;
  recipientsPerSecond: number;
  longestLoopStallMs: number;
  rssGrowthMb: number;
  queued: number;
  withoutMessage: number;
  withTwo: number;
  unsubscribedMailed: number;
}

async function measure(database: string, db: Db): Promise<Figures> {
  await migrate(db);
  console.log(`${database}: ${contacts.toLocaleString('en-US')} contacts…`);
  const audience = await seedAudience(db, contacts);
  const { companyId, labelId, mailable } = audience;
  const engine = createEngine(db, systemClock, (error) => console.error(error), {
    secret: 'campaign-bench',
    publicUrl: 'https://bench.test',
  });
  const segments = createSegmentService({
    db,
    clock: systemClock,
    company: companyDoorOf(createCompanyStore(db)),
  });
  const audiences = createAudiences({ db, segmentCondition: segments.segmentCondition });
  const none = { labels: [], segments: [], excludedLabels: [], excludedSegments: [] };
  const choice = { ...none, labels: [labelId] };
  const everyone = await segments.create(companyId, {
    name: 'Added this year',
    rules: { match: 'all', conditions: [{ kind: 'added', operator: 'inLastDays', value: 365 }] },
  });
  /** The p95 (the slowest) of 5 counts of `counted`, each of which must be every mailable contact. */
  const countP95 = async (counted: AudienceChoice) => {
    const times: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      const count = await audiences.count(companyId, counted);
      times.push(performance.now() - started);
      if (count !== mailable) throw new Error(`counted ${count} of ${mailable}`);
    }
    return round(Math.max(...times));
  };
  const countP95Ms = await countP95(choice);
  const segmentCountP95Ms = await countP95({ ...none, segments: [everyone.id] });
  const campaignId = await sendingCampaign(db, audience);
  const runner = createCampaignRunner({
    db,
    clock: systemClock,
    engine: marketingEngineOf(engine),
    audiences,
    senders: senderDoorOf(db),
    company: companyDoorOf(createCompanyStore(db)),
    renderDesign: createDesignRenderer({ publicUrl: 'https://bench.test', secret: 'campaign-bench' }),
    links: createRecipientLinks({ secret: 'campaign-bench', publicUrl: 'https://bench.test' }),
  });
  console.log(`${database}: sending…`);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 100);
  loop.enable();
  const started = performance.now();
  await runner.runDue();
  const seconds = (performance.now() - started) / 1000;
  loop.disable();
  clearInterval(sampler);
  await engine.transmissions.stop();
  const row = await campaignStore.get(db, companyId, campaignId);
  if (row?.status !== 'SENT') throw new Error(`the campaign ended ${row?.status}: ${row?.error}`);
  const once = await onceFigures(db, companyId, campaignId);
  return {
    database,
    countP95Ms,
    segmentCountP95Ms,
    queuedSeconds: round(seconds, 2),
    recipientsPerSecond: Math.round(mailable / seconds),
    longestLoopStallMs: round(loop.max / 1e6),
    rssGrowthMb: Math.round((rssPeak - rssBefore) / 2 ** 20),
    queued: row.queued,
    withoutMessage: once.without,
    withTwo: once.twice,
    unsubscribedMailed: once.unsubscribed,
  };
}

function markdown(results: Figures[]): string {
  return [
    `# Campaign send: ${contacts.toLocaleString('en-US')} contacts in one label, a tenth unsubscribed`,
    '',
    '`npm run bench:campaigns` (BENCH_CAMPAIGN_CONTACTS, BENCH_DATABASE_URL). Goals: count ≤ 300 ms, queued ≤ 15 s on',
    'PostgreSQL, RSS growth ≤ 512 MB, no subscribed contact without a message, none with two, no unsubscribed one mailed.',
    '',
    ...markdownTable(
      [
        'database',
        'count-recipient p95 ms: label',
        'segment',
        'Send → all queued s',
        'recipients/s',
        'queued ÷ 15 s goal',
        'longest loop stall ms',
        'RSS growth MB',
        'queued',
        'without a message',
        'with two',
        'unsubscribed mailed',
      ],
      results.map((r) => [
        r.database,
        r.countP95Ms,
        r.segmentCountP95Ms,
        r.queuedSeconds,
        r.recipientsPerSecond,
        `${round(r.queuedSeconds / 15, 2)}×`,
        r.longestLoopStallMs,
        r.rssGrowthMb,
        r.queued,
        r.withoutMessage,
        r.withTwo,
        r.unsubscribedMailed,
      ]),
    ),
    '',
  ].join('\n');
}

const results: Figures[] = [];
const dir = await mkdtemp(path.join(tmpdir(), 'bench-campaigns-'));
try {
  if (process.env.BENCH_CAMPAIGN_PGLITE !== 'off') {
    const pglite = await openPgliteWorker(path.join(dir, 'pglite'), { fsync: false });
    try {
      results.push(await measure('PGlite', pglite));
    } finally {
      await pglite.close();
    }
  }
  const server = process.env.BENCH_DATABASE_URL;
  if (server) results.push(await onOwnPostgres(server, 'campaigns_bench', (db) => measure('PostgreSQL', db)));
  await writeResults('campaign-send', { contacts, results }, markdown(results));
} finally {
  await closeDesignRenderPool();
  await rm(dir, { recursive: true, force: true });
}
