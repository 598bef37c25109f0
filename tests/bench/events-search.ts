import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MessageEventSearchQuery } from '@app/contract/engine/events';
import pg from 'pg';
import type { Db } from '../../server/src/db/db.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { openPgliteWorker } from '../../server/src/db/pglite-worker.ts';
import { openPostgres } from '../../server/src/db/postgres.ts';
import { eventSearchOf } from '../../server/src/engine/events/event-query.ts';
import { createEventStore, type EventFilter } from '../../server/src/engine/events/event-store.ts';
import { companyMaster } from '../../server/src/principal.ts';
import { type BenchValues, createBenchCompanies, generateEvents } from './events-generator.ts';
import { onCleanup } from './processes.ts';
import type { MachineFacts } from './report.ts';
import type { BenchSettings } from './settings.ts';

/**
 * The events search at scale: the console's advanced activity filters (spec §2), each as the API
 * query it becomes, run against a database holding `size` generated events (the store's search,
 * as `GET /api/v1/events/message` calls it). The console asks for 25 a page; the window is "Last
 * 30 days", the widest of its ranges. p50 and p95 of {@link runs} runs per filter, against 50 ms.
 */

export const limitMs = 50;
const runs = 40;
const warmups = 3;
const perPage = 25;
const batchSize = 10_000;

export interface FilterResult {
  filter: string;
  query: string;
  matches: number;
  p50: number;
  p95: number;
}

export interface EventsSearchResult {
  database: string;
  events: number;
  generateSeconds: number;
  eventsPerSecond: number;
  results: FilterResult[];
}

/** One query per advanced filter: console name, API parameters (or a store filter beyond the API). */
function filtersOf(values: BenchValues): Array<{
  name: string;
  query: MessageEventSearchQuery;
  extra?: Partial<EventFilter>;
}> {
  return [
    { name: '(none)', query: {} },
    { name: 'sendingDomain', query: { sending_domains: values.sendingDomain } },
    { name: 'subject', query: { subjects: values.subject } },
    { name: 'bounceClassificationCode', query: { bounce_classes: '10' } },
    { name: 'reason (substring)', query: { reasons: values.reason } },
    { name: 'transmissionId', query: { transmissions: values.transmissionId } },
    { name: 'eventTypes (rare)', query: { events: 'spam_complaint' } },
    { name: 'eventTypes (common)', query: { events: 'delivery,bounce' } },
    { name: 'recipientTo', query: { recipients: values.recipient } },
    { name: 'recipientType', query: {}, extra: { rcptTypes: ['bcc'] } },
    { name: 'recipientDomain', query: { recipient_domains: values.recipientDomain } },
    { name: 'friendlyFrom', query: { from_addresses: values.fromAddress } },
  ];
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;

async function measureFilters(db: Db, values: BenchValues, now: Date, log: (line: string) => void) {
  const store = createEventStore(db);
  const principal = companyMaster(values.companyId);
  const results: FilterResult[] = [];
  for (const { name, query, extra } of filtersOf(values)) {
    const window = { from: new Date(now.getTime() - 30 * 86_400_000).toISOString(), to: now.toISOString() };
    const search = eventSearchOf({ ...window, ...query, per_page: String(perPage) }, principal, now);
    const filter = { ...search.filter, ...extra };
    const times: number[] = [];
    let matches = 0;
    for (let run = 0; run < warmups + runs; run += 1) {
      const started = performance.now();
      const page = await store.search(filter, perPage);
      if (run >= warmups) times.push(performance.now() - started);
      matches = page.total;
    }
    times.sort((a, b) => a - b);
    const result = {
      filter: name,
      query: new URLSearchParams({
        ...(query as Record<string, string>),
        ...(extra ? { rcpt_type: 'bcc' } : {}),
      }).toString(),
      matches,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
    };
    log(
      `    ${name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms (${matches} total_count)`,
    );
    results.push(result);
  }
  return results;
}

async function fillAndMeasure(
  db: Db,
  label: string,
  size: number,
  log: (line: string) => void,
): Promise<EventsSearchResult> {
  await migrate(db);
  const now = new Date();
  const companies = await createBenchCompanies(db, now);
  const started = performance.now();
  let reported = 0;
  const values = await generateEvents(db, createEventStore(db), companies, {
    total: size,
    batchSize,
    now,
    progress: (written) => {
      if (written - reported >= size / 10 || written === size) {
        reported = written;
        const seconds = (performance.now() - started) / 1000;
        log(`    ${written.toLocaleString('en-US')} events written (${seconds.toFixed(0)} s)`);
      }
    },
  });
  const generateSeconds = (performance.now() - started) / 1000;
  // As a live server would have them: on PostgreSQL autovacuum has vacuumed (the visibility map lets a
  // count read the index alone) and gathered statistics; on PGlite the housekeeping only gathers them.
  await db.exec(label === 'PostgreSQL' ? 'VACUUM ANALYZE message_events' : 'ANALYZE message_events');
  log(`  ${label}: ${size.toLocaleString('en-US')} events in ${generateSeconds.toFixed(0)} s; searching...`);
  return {
    database: label,
    events: size,
    generateSeconds,
    eventsPerSecond: size / generateSeconds,
    results: await measureFilters(db, values, now, log),
  };
}

/** PGlite on its worker thread (as the server runs it), in a temp dir removed afterwards. */
export async function measureEventsOnPglite(size: number, log: (line: string) => void) {
  const dir = await mkdtemp(path.join(tmpdir(), 'events-bench-'));
  const removeDir = () => rm(dir, { recursive: true, force: true });
  onCleanup(removeDir);
  const db = await openPgliteWorker(dir, { fsync: false });
  try {
    return await fillAndMeasure(db, 'PGlite', size, log);
  } finally {
    await db.close();
    await removeDir();
  }
}

/** A database of its own on the server of `url`, created for the run and dropped after it. */
export async function measureEventsOnPostgres(url: string, size: number, log: (line: string) => void) {
  const name = `events_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  await admin.query(`CREATE DATABASE ${name}`);
  onCleanup(drop);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openPostgres(target.toString());
  try {
    return await fillAndMeasure(db, 'PostgreSQL', size, log);
  } finally {
    await db.close();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export function eventsSearchMarkdown(measured: readonly EventsSearchResult[], date: string, machine: string) {
  const lines = [
    '# Benchmark: events search at scale',
    '',
    `- date: ${date}`,
    `- machine: ${machine}`,
    `- query: the store's search as \`GET /api/v1/events/message\` runs it, the largest company (half the events), last 30 days, ${perPage} a page (the console's), ${runs} runs after ${warmups} warm-ups`,
    '',
  ];
  for (const result of measured) {
    lines.push(
      `## ${result.database}, ${result.events.toLocaleString('en-US')} events`,
      '',
      `Generated through \`EventStore.insert\` in batches of ${batchSize.toLocaleString('en-US')}: ${result.generateSeconds.toFixed(0)} s (${Math.round(result.eventsPerSecond).toLocaleString('en-US')} events/s).`,
      '',
      `| console filter | API query | total_count | p50 | p95 | p95 / ${limitMs} ms |`,
      '| --- | --- | ---: | ---: | ---: | ---: |',
      ...result.results.map(
        (row) =>
          `| ${row.filter} | \`${row.query || '—'}\` | ${row.matches.toLocaleString('en-US')} | ${ms(row.p50)} | ${ms(row.p95)} | ${(row.p95 / limitMs).toFixed(2)} |`,
      ),
      '',
    );
  }
  return lines.join('\n');
}

/** Writes results/events-search.{md,json}. */
export async function writeEventsSearch(
  resultsDir: string,
  measured: readonly EventsSearchResult[],
  markdown: string,
): Promise<void> {
  await writeFile(path.join(resultsDir, 'events-search.md'), markdown);
  await writeFile(path.join(resultsDir, 'events-search.json'), `${JSON.stringify(measured, null, 2)}\n`);
}

/** The part of `npm run bench`: PGlite, then PostgreSQL when a URL is set; returns the markdown section. */
export async function measureEventsSearch(
  settings: BenchSettings,
  resultsDir: string,
  facts: MachineFacts,
  log: (line: string) => void,
): Promise<string> {
  log('events search at scale:');
  const measured = [await measureEventsOnPglite(settings.eventsPglite, log)];
  if (settings.eventsDatabaseUrl) {
    measured.push(await measureEventsOnPostgres(settings.eventsDatabaseUrl, settings.eventsPostgres, log));
  } else log('  SKIPPED PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const markdown = eventsSearchMarkdown(
    measured,
    facts.date,
    `${facts.cpus}, ${facts.memory}, load ${facts.loadAverage}`,
  );
  await mkdir(resultsDir, { recursive: true });
  await writeEventsSearch(resultsDir, measured, markdown);
  return markdown;
}
