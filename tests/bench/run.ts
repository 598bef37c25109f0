/**
 * `npm run bench`: ingest throughput of our server beside what this machine can do at best.
 *
 * SMTP (2 KB messages, 20 concurrent sessions; one message per connection, and reused connections):
 *   - smtp-sink (Postfix's accept-and-discard test server) is the upper limit of this machine;
 *   - a private Postfix instance (`postfix -c <temp dir>`, loopback, queue in the temp dir, every
 *     message discarded after queueing) is the real-MTA peer;
 *   - our relay.
 * Decision on the load generator: Postfix's smtp-source cannot authenticate (no AUTH in its man page,
 * Postfix 3.x), and our relay always requires AUTH. So one small Node generator of our own
 * (smtp-load.ts: plain SMTP, EHLO, AUTH PLAIN when credentials are given, MAIL, RCPT, DATA, QUIT)
 * drives our relay AND the peers, for a like-for-like comparison; smtp-source also drives the peers,
 * so the report shows how close the Node generator comes to a C client, i.e. whether it is the
 * bottleneck. Against smtp-sink the generator runs without AUTH (as smtp-source) and with AUTH (the
 * sink accepts any: the same conversation as with our relay); Postfix has no SASL configured, so
 * there it runs without AUTH.
 *
 * HTTP: POST /api/v1/transmissions with autocannon, 1 recipient at 50 connections (requests/s) and
 * 1,000-recipient batches at 10 connections (recipients/s), beside a bare Fastify route as the limit.
 *
 * Our server is started from server/src/main.ts with PGlite in a temp dir, then again on PostgreSQL when
 * BENCH_DATABASE_URL is set (a database the bench may write to; it is reused across runs),
 * its account prepared with the operator CLI first. Rows that cannot run are printed as skipped with
 * the reason; the exit code is still 0. Results go to tests/bench/results/latest.{md,json}.
 * PGlite's ingest with PGLITE_FSYNC=on beside off: fsync-scenarios.ts.
 * Noisy neighbour (noisy-neighbour.ts): a small GET's latency while each abusive request runs; between
 * companies (neighbour-cases.ts, also alone as BENCH_ONLY=neighbours): company B's small requests while
 * company A uploads, posts large bodies or renders heavily.
 * Delivery (delivery-scenarios.ts): N messages from accepted to delivered into smtp-sink, ours beside
 * Postfix relaying the same load to the same sink; and the acceptance of one large personalised
 * transmission beside the bare Fastify route (acceptance-scenarios.ts).
 * Webhooks (webhook-scenarios.ts, in-process): N events written through the engine, then delivered
 * in signed batches to a loopback receiver, beside a bare node:http loop POSTing the same bodies.
 * Metrics (metrics-scenarios.ts): p95 of the Metrics API reads over a month of rollups (BENCH_METRICS_EVENTS
 * events, default 1,000,000, written through the event store's insert listener), against a 100 ms target.
 * Events search at scale (events-search.ts): p50/p95 of the console's activity filters over 1M
 * generated events on PGlite and 10M on PostgreSQL, written to tests/bench/results/events-search.{md,json}.
 * Environment: BENCH_SECONDS (default 10), BENCH_DATABASE_URL,
 * BENCH_ONLY=smtp|http|fsync|noisy|neighbours|delivery|webhooks|metrics|events, BENCH_DELIVERY_MESSAGES (default 10,000),
 * BENCH_ACCEPTANCE_RECIPIENTS (default 100,000), BENCH_WEBHOOK_EVENTS (default 20,000),
 * BENCH_EVENTS (events generated, default 1M on PGlite and 10M on PostgreSQL).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureDeliveryPart } from './delivery-scenarios.ts';
import { measureEventsSearch } from './events-search.ts';
import { measureFsync } from './fsync-scenarios.ts';
import { httpRows, measureBareFastify, measureOurHttp } from './http-scenarios.ts';
import { measureMetrics } from './metrics-scenarios.ts';
import { measureNeighbourCases, neighbourMarkdown } from './neighbour-cases.ts';
import { measureNoisyNeighbour, noisyNeighbourMarkdown } from './noisy-neighbour.ts';
import { nodeBinary, startOurServer } from './our-server.ts';
import { ensurePostfix } from './postfix.ts';
import { runCleanups, runCommand } from './processes.ts';
import { type BenchReport, machineFacts, type Row, renderMarkdown } from './report.ts';
import { readSettings } from './settings.ts';
import { generatorNotes, measureOurSmtp, measureSmtpPeers, smtpRows } from './smtp-scenarios.ts';
import { measureWebhooks } from './webhook-scenarios.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const resultsDir = path.join(root, 'tests', 'bench', 'results');
const log = (line: string) => console.log(line);

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  const wantSmtp = settings.parts.has('smtp');
  const wantHttp = settings.parts.has('http');
  const wantDelivery = settings.parts.has('delivery');
  const nodeVersion = (await runCommand(nodeBinary(root), ['--version'])).stdout.trim();
  const database = settings.databaseUrl
    ? 'PGlite (embedded, data in a temp dir), then PostgreSQL (BENCH_DATABASE_URL)'
    : 'PGlite (embedded), data in a temp dir; set BENCH_DATABASE_URL to measure PostgreSQL too';
  const tools =
    wantSmtp || wantDelivery
      ? await ensurePostfix(log)
      : { reason: 'SMTP and delivery parts not run (BENCH_ONLY)' };
  if ((wantSmtp || wantDelivery) && 'reason' in tools) {
    log(`SKIPPED Postfix, smtp-sink and smtp-source rows: ${tools.reason}`);
  }
  const postfix = 'tools' in tools ? tools.tools.version : `not available: ${tools.reason}`;
  const facts = machineFacts(nodeVersion, database, postfix);
  log(`bench: ${facts.cpus}, ${facts.memory}, Node ${nodeVersion}, load ${facts.loadAverage}`);
  log(`each run ${settings.seconds} s (BENCH_SECONDS); our database: ${database}`);

  const rows: Row[] = [];
  const notes: string[] = [];
  const sections: string[] = [];
  const smtpPeers = wantSmtp
    ? await measureSmtpPeers(settings, 'tools' in tools ? tools.tools : tools, log)
    : undefined;
  const httpLimit = wantHttp ? await measureBareFastify(settings, root, log) : undefined;

  // Ours on the default embedded database, and on PostgreSQL too when BENCH_DATABASE_URL is set.
  const databases = [
    { label: 'PGlite', url: undefined },
    ...(settings.databaseUrl ? [{ label: 'PostgreSQL', url: settings.databaseUrl }] : []),
  ];
  const labelled =
    (label: string) =>
    (row: Row): Row => ({ ...row, scenario: `${row.scenario} [ours on ${label}]` });
  const wantNoisy = settings.parts.has('noisy');
  const wantNeighbours = wantNoisy || settings.parts.has('neighbours');
  for (const target of wantSmtp || wantHttp || wantNeighbours ? databases : []) {
    log(`our server on ${target.label}:`);
    const ours = await startOurServer(root, target.url, log);
    if ('reason' in ours) log(`  SKIPPED our-server rows: ${ours.reason}`);
    const server = 'server' in ours ? ours.server : ours;
    try {
      if (smtpPeers) {
        const oursSmtp = await measureOurSmtp(settings, server, log);
        rows.push(...smtpRows(smtpPeers, oursSmtp).map(labelled(target.label)));
        notes.push(...generatorNotes(smtpPeers, oursSmtp).map((note) => `${note} [ours on ${target.label}]`));
      }
      if (httpLimit) {
        const oursHttp = await measureOurHttp(settings, server, log);
        rows.push(...httpRows(settings, httpLimit, oursHttp).map(labelled(target.label)));
      }
      if (wantNoisy && 'httpUrl' in server) {
        const noisy = await measureNoisyNeighbour(server, settings.seconds, log);
        sections.push(noisyNeighbourMarkdown(target.label, noisy));
      }
      if (wantNeighbours && 'httpUrl' in server) {
        const load = loadavg()
          .map((value) => value.toFixed(2))
          .join(', ');
        const neighbours = await measureNeighbourCases(server, settings.seconds, log);
        sections.push(neighbourMarkdown(target.label, neighbours, load));
      }
    } finally {
      if ('stop' in server) await server.stop();
    }
  }

  if (settings.parts.has('fsync')) rows.push(...(await measureFsync(settings, root, log)));
  if (wantDelivery) {
    const delivery = await measureDeliveryPart(
      settings,
      root,
      'tools' in tools ? tools.tools : tools,
      databases,
      log,
    );
    rows.push(...delivery.rows);
    notes.push(...delivery.notes);
  }
  if (settings.parts.has('webhooks')) rows.push(...(await measureWebhooks(settings, databases, log)));

  if (settings.parts.has('metrics')) {
    const measured = await measureMetrics(settings, log);
    rows.push(...measured.rows);
    notes.push(...measured.notes);
  }

  if (settings.parts.has('events')) {
    sections.push(await measureEventsSearch(settings, resultsDir, facts, log));
  }

  notes.push(
    'Peers and our server share this machine with the load generators; rates are single runs, so compare ratios, not absolute numbers, across machines.',
  );
  const report: BenchReport = {
    machine: facts,
    settings: {
      BENCH_SECONDS: settings.seconds,
      parts: [...settings.parts].join('+'),
      smtpSessions: settings.smtpSessions,
      smtpBodyBytes: settings.bodyBytes,
      httpConnections: settings.httpConnections,
      batchConnections: settings.batchConnections,
      batchSize: settings.batchSize,
      deliveryMessages: settings.deliveryMessages,
      acceptanceRecipients: settings.acceptanceRecipients,
      webhookEvents: settings.webhookEvents,
      metricsEvents: settings.metricsEvents,
    },
    rows,
    notes,
  };
  const markdown = [renderMarkdown(report), ...sections].join('\n');
  log(`\n${markdown}`);
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, 'latest.md'), markdown);
  await writeFile(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  log(`written: ${path.relative(root, resultsDir)}/latest.md and latest.json`);
}

const interrupted = (signal: string) => () => {
  log(`${signal}: stopping servers...`);
  void runCleanups().then(() => process.exit(130));
};
process.on('SIGINT', interrupted('SIGINT'));
process.on('SIGTERM', interrupted('SIGTERM'));

try {
  await main();
} catch (error) {
  console.error(`bench failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await runCleanups();
}
