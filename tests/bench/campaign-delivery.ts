/**
 * `npm run bench:campaign-delivery`: issue 25's delivery comparison. BENCH_CAMPAIGN_DELIVERY recipients
 * (default 100,000) at sink.test, one message of about 2 KB of HTML each, delivered into one smtp-sink
 * through their MX (a loopback DNS server answers sink.test, DELIVERY_PORT is the sink's port):
 * - our campaign: the contacts in a label, a campaign sent to it; timed from the server's start (the
 *   campaign already SENDING) until as many outcomes (delivered, bounced, rejected: the Metrics API) as
 *   recipients;
 * - our transactional delivery of the same messages (same recipients, content, tracking and
 *   non-transactional headers): POSTed to /api/v1/transmissions in 1,000-recipient batches, 4 in
 *   flight; timed from the first POST until as many outcomes;
 * - Postfix relaying as many 2 KB messages to the same sink, each DKIM-signed by OpenDKIM (as ours
 *   are), fed by smtp-source (20 sessions): delivery-scenarios.ts's peer.
 * Each of our runs starts a server on an empty database: PGlite, then PostgreSQL when
 * BENCH_DATABASE_URL is set. Goals: campaign ≥ 0.9× our transactional rate, ≥ 1.5× Postfix + OpenDKIM.
 * Results go to tests/bench/results/campaign-delivery.{json,md}. Postfix and OpenDKIM are installed
 * when missing (as root with apt-get).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { engineCampaignId } from '../../server/src/marketing/campaigns/campaign-content.ts';
import { createSendingAccount, type SendingAccount, withDatabase } from '../engine/crash-account.ts';
import { startServer } from '../engine/crash-server.ts';
import { type CrashTarget, pgliteTarget, postgresTarget } from '../engine/crash-storage.ts';
import { freePort } from '../support/ports.ts';
import { seedAudience, sendingCampaign } from './campaign-seed.ts';
import { deliveryRoutes, measurePostfixRelay } from './delivery-scenarios.ts';
import { sinkDomain } from './message.ts';
import { ensurePostfix } from './postfix.ts';
import { isMeasured, markdownTable, round, writeResults } from './report.ts';
import { startSmtpSink } from './smtp-source.ts';

const recipients = Number(process.env.BENCH_CAMPAIGN_DELIVERY ?? 100_000);
const bodyBytes = 2048;
const smtpSessions = 20;
/** Recipients per POST, and POSTs in flight at once (as delivery-scenarios.ts). */
const batchSize = 1000;
const postsInFlight = 4;
/** A run whose count of outcomes has not moved for this long is reported as stalled. */
const stallMs = 60_000;
/** The sending domain createSendingAccount verifies. */
const domain = 'sender.example.test';
/** Each recipient's outcome: delivered, bounced, or rejected (policy, generation). */
const outcomes = 'count_delivered,count_bounce,count_rejected';

/** About 2 KB of HTML with the reader's name and the unsubscribe link every campaign has. */
const html = `<html><body><p>Hello {{firstname}}</p>${'<p>Our autumn news: new arrivals, opening hours and the events of the month.</p>'.repeat(20)}<p><a href="https://bench.test/news">Read more</a> · <a href="https://bench.test/bye" data-msys-unsubscribe="1">Unsubscribe</a></p></body></html>`;
const subject = 'Hello {{firstname}}';
const address = (g: number) => `r${g}@${sinkDomain}`;

interface Run {
  msgPerSecond: number;
  seconds: number;
  delivered: number;
  note: string;
}

const minute = (at: Date) => at.toISOString().slice(0, 16);

/**
 * The campaign's (`campaignId`: the engine's campaign id) outcomes so far, and how many were deliveries,
 * from the Metrics API: its rollups are exact (the Events API counts up to 10,000).
 */
async function outcomesOf(origin: string, apiKey: string, campaignId: string) {
  const from = minute(new Date(Date.now() - 3_600_000));
  const to = minute(new Date(Date.now() + 60_000));
  const response = await fetch(
    `${origin}/api/v1/metrics/deliverability?from=${from}&to=${to}&campaigns=${encodeURIComponent(campaignId)}&metrics=${outcomes}`,
    { headers: { authorization: apiKey } },
  );
  const text = await response.text();
  if (response.status !== 200) throw new Error(`the metrics API answered ${response.status}: ${text}`);
  const totals = (JSON.parse(text) as { results: Array<Record<string, number>> }).results[0] ?? {};
  const delivered = totals.count_delivered ?? 0;
  return { all: delivered + (totals.count_bounce ?? 0) + (totals.count_rejected ?? 0), delivered };
}

/** Waits until the campaign has an outcome for every recipient (or stalls); `started` is when timing began. */
async function untilDone(origin: string, apiKey: string, campaignId: string, started: number): Promise<Run> {
  let last = { all: 0, delivered: 0 };
  let lastMove = performance.now();
  while (last.all < recipients) {
    await sleep(250);
    const now = await outcomesOf(origin, apiKey, campaignId);
    if (now.all !== last.all) lastMove = performance.now();
    last = now;
    if (performance.now() - lastMove > stallMs) break;
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    msgPerSecond: Math.round(last.all / seconds),
    seconds: round(seconds, 1),
    delivered: last.delivered,
    note: last.all < recipients ? `stalled at ${last.all} of ${recipients}` : '',
  };
}

/** A fresh server on `target` with the route's settings, an account made before it starts, then `run`. */
async function onFreshServer(
  target: CrashTarget,
  env: NodeJS.ProcessEnv,
  prepare: (storage: Awaited<ReturnType<CrashTarget['create']>>, account: SendingAccount) => Promise<void>,
  run: (origin: string, account: SendingAccount, listeningAt: number) => Promise<Run>,
): Promise<Run> {
  const storage = await target.create();
  try {
    const account = await createSendingAccount(storage);
    await prepare(storage, account);
    const server = await startServer({
      port: await freePort(),
      smtpPort: await freePort(),
      storage: storage.env,
      env,
    });
    const listeningAt = performance.now();
    try {
      return await run(server.origin, account, listeningAt);
    } finally {
      await server.stop();
    }
  } finally {
    await storage.dispose();
  }
}

/** The transmissions of the same messages, 1,000 recipients each. */
function transmissionBodies(): string[] {
  const bodies: string[] = [];
  for (let first = 1; first <= recipients; first += batchSize) {
    const last = Math.min(recipients, first + batchSize - 1);
    const list = [];
    for (let g = first; g <= last; g += 1)
      list.push({
        address: { email: address(g), name: `Name${g}` },
        substitution_data: { firstname: `Name${g}` },
      });
    bodies.push(
      JSON.stringify({
        campaign_id: 'bench-transactional',
        options: { transactional: false, open_tracking: true, click_tracking: true },
        recipients: list,
        content: { from: `news@${domain}`, subject, html },
      }),
    );
  }
  return bodies;
}

const transactional = (target: CrashTarget, env: NodeJS.ProcessEnv) =>
  onFreshServer(
    target,
    env,
    async () => {},
    async (origin, account) => {
      const bodies = transmissionBodies();
      let next = 0;
      const poster = async () => {
        while (next < bodies.length) {
          const body = bodies[next++];
          const response = await fetch(`${origin}/api/v1/transmissions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: account.apiKey },
            body,
            signal: AbortSignal.timeout(300_000),
          });
          if (response.status !== 200)
            throw new Error(
              `POST /api/v1/transmissions answered ${response.status}: ${await response.text()}`,
            );
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: postsInFlight }, poster));
      return untilDone(origin, account.apiKey, 'bench-transactional', started);
    },
  );

const campaign = (target: CrashTarget, env: NodeJS.ProcessEnv) => {
  let campaignId = '';
  return onFreshServer(
    target,
    env,
    (storage, account) =>
      withDatabase(storage, async (db) => {
        const audience = await seedAudience(db, recipients, {
          company: { id: account.companyId, domain },
          address: `'r' || g || '@${sinkDomain}'`,
          unsubscribedEvery: 0,
        });
        campaignId = engineCampaignId(await sendingCampaign(db, audience, { html }));
      }),
    (origin, account, listeningAt) => untilDone(origin, account.apiKey, campaignId, listeningAt),
  );
};

interface Figures {
  database: string;
  campaign: Run;
  transactional: Run;
}

const log = (line: string) => console.log(line);
const found = await ensurePostfix(log);
if ('reason' in found) throw new Error(found.reason);
const sinkPort = await freePort();
const sink = await startSmtpSink(found.tools, sinkPort);
const route = await deliveryRoutes[0].env(sinkPort);
const results: Figures[] = [];
let postfixRate: number | string;
try {
  const server = process.env.BENCH_DATABASE_URL;
  const targets = [
    ...(process.env.BENCH_CAMPAIGN_PGLITE === 'off' ? [] : [pgliteTarget]),
    ...(server ? [postgresTarget(server)] : []),
  ];
  for (const target of targets) {
    log(`${target.name}: our campaign to ${recipients.toLocaleString('en-US')} recipients…`);
    const ofCampaign = await campaign(target, route.env);
    log(`${target.name}: ${JSON.stringify(ofCampaign)}; our transactional delivery of the same messages…`);
    const ofTransmissions = await transactional(target, route.env);
    log(`${target.name}: ${JSON.stringify(ofTransmissions)}`);
    results.push({ database: target.name, campaign: ofCampaign, transactional: ofTransmissions });
  }
  const postfix = await measurePostfixRelay(
    { deliveryMessages: recipients, smtpSessions, bodyBytes },
    found.tools,
    sinkPort,
    log,
    true,
  );
  postfixRate = isMeasured(postfix) ? Math.round(postfix.rate) : postfix.skipped;
} finally {
  await route.close();
  await sink.stop();
}

const ratio = (ours: number, peer: number | string) =>
  typeof peer === 'number' && peer > 0 ? `${round(ours / peer, 2)}×` : '–';
const markdown = [
  `# Campaign delivery: ${recipients.toLocaleString('en-US')} recipients into smtp-sink`,
  '',
  '`npm run bench:campaign-delivery` (BENCH_CAMPAIGN_DELIVERY, BENCH_DATABASE_URL). Messages of about 2 KB,',
  "delivered through the recipients' MX (loopback DNS) into one smtp-sink, each DKIM-signed. Goals: the",
  "campaign ≥ 0.9× our transactional rate and ≥ 1.5× Postfix + OpenDKIM's.",
  '',
  `Postfix + OpenDKIM (smtp-source, ${smtpSessions} sessions): ${typeof postfixRate === 'number' ? `${postfixRate} msg/s` : postfixRate}.`,
  '',
  ...markdownTable(
    [
      'database',
      'campaign msg/s',
      'campaign s',
      'transactional msg/s',
      'transactional s',
      'campaign ÷ transactional (goal ≥ 0.9)',
      'campaign ÷ Postfix + OpenDKIM (goal ≥ 1.5)',
      'delivered (campaign / transactional)',
      'note',
    ],
    results.map((r) => [
      r.database,
      r.campaign.msgPerSecond,
      r.campaign.seconds,
      r.transactional.msgPerSecond,
      r.transactional.seconds,
      ratio(r.campaign.msgPerSecond, r.transactional.msgPerSecond),
      ratio(r.campaign.msgPerSecond, postfixRate),
      `${r.campaign.delivered} / ${r.transactional.delivered}`,
      [r.campaign.note, r.transactional.note].filter(Boolean).join('; ') || '–',
    ]),
  ),
  '',
].join('\n');
await writeResults('campaign-delivery', { recipients, postfixRate, results }, markdown);
