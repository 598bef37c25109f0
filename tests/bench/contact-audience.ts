/**
 * `npm run bench:audience`: the contact book's reads at scale (issue 24's performance targets), on
 * PGlite (its own thread, as the server opens it) and on PostgreSQL when BENCH_DATABASE_URL is set.
 *
 * - The book: a company of BENCH_AUDIENCE_CONTACTS contacts (default 1,000,000) and a neighbour of
 *   1,000, loaded with set-based SQL straight into `contacts` (setup, not measured): a custom text
 *   field `city` of 50 values, ~90% subscribed (the rest unsubscribed or bounced), ~30% opened in
 *   the last 90 days, added over two years, 10% in one label; then VACUUM ANALYZE.
 * - Segment counts (the segment service, its compiler, the saved segment's count): a field rule, a
 *   label-and-field rule, an engagement rule. p50/p95 over BENCH_AUDIENCE_RUNS runs (default 20)
 *   after two unmeasured ones; the limit is p95 ≤ 300 ms on PostgreSQL, ≤ 1 s on PGlite.
 * - The contact list's first page (the contact service's `list`, with its total), filtered by status
 *   and by label: p95 ≤ 100 ms.
 * - The noisy neighbour: the small company's first page, p99 ≤ 100 ms, alone, while the big company's
 *   segment counts and lists run in a loop for BENCH_AUDIENCE_NOISE_SECONDS (default 10), and while
 *   the worker's runner imports BENCH_AUDIENCE_IMPORT_ROWS new contacts (default 100,000) into the big
 *   company, in this process (as contact-import.ts runs it).
 * - For each measured read, the EXPLAIN (ANALYZE, BUFFERS) of its statements over `contacts`, run once more.
 *
 * Results go to tests/bench/results/contact-audience.{md,json}.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ContactListFilter } from '@app/contract/marketing/contacts';
import type { SegmentGroup } from '@app/contract/marketing/segments';
import { createCompanyStore } from '../../server/src/accounts/company/company-store.ts';
import { systemClock } from '../../server/src/clock.ts';
import type { Db } from '../../server/src/db/db.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { openPgliteWorker } from '../../server/src/db/pglite-worker.ts';
import { createReportService } from '../../server/src/marketing/campaigns/reports/report-service.ts';
import { companyDoorOf } from '../../server/src/marketing/company-door.ts';
import { createContactService } from '../../server/src/marketing/contacts/contact-service.ts';
import { createFieldService } from '../../server/src/marketing/contacts/field-service.ts';
import {
  createImportRunner,
  sharedConnectionSlices,
} from '../../server/src/marketing/contacts/imports/import-runner.ts';
import { createImportService } from '../../server/src/marketing/contacts/imports/import-service.ts';
import { importStore } from '../../server/src/marketing/contacts/imports/import-store.ts';
import { createLabelService } from '../../server/src/marketing/contacts/label-service.ts';
import { createSegmentService } from '../../server/src/marketing/contacts/segments/segment-service.ts';
import {
  type Database,
  type Figures,
  type Measure,
  markdown,
  type Plan,
} from './audience/audience-report.ts';
import { city, companyIn, importFile, load } from './audience/contact-data.ts';
import { recording, repeat, summary, until } from './audience/timing.ts';
import { onOwnPostgres } from './own-database.ts';
import { writeResults } from './report.ts';

const contactCount = Number(process.env.BENCH_AUDIENCE_CONTACTS ?? 1_000_000);
const neighbourCount = 1_000;
const runs = Number(process.env.BENCH_AUDIENCE_RUNS ?? 20);
const noiseSeconds = Number(process.env.BENCH_AUDIENCE_NOISE_SECONDS ?? 10);
const importRows = Number(process.env.BENCH_AUDIENCE_IMPORT_ROWS ?? 100_000);
/** The neighbour's page read alone: enough calls for a p99. */
const aloneRuns = 200;

const limits = {
  segment: { PGlite: 1000, PostgreSQL: 300 },
  list: 100,
  neighbour: 100,
} as const;

async function measure(database: Database, raw: Db, dir: string): Promise<Figures> {
  const say = (text: string) => console.log(`${database}: ${text}`);
  await migrate(raw);
  const { db, capture } = recording(raw);
  const company = companyDoorOf(createCompanyStore(db));
  const fields = createFieldService({ db, clock: systemClock, company });
  const labels = createLabelService({ db, clock: systemClock, company });
  const segments = createSegmentService({ db, clock: systemClock, company });
  const contacts = createContactService({
    db,
    clock: systemClock,
    company,
    engine: {
      suppressedForMarketing: async () => new Set<string>(),
      addressEvents: async () => [],
    },
    segmentCondition: segments.segmentCondition,
    reportCondition: createReportService({ db }).reportCondition,
  });

  // Setup, not measured.
  const loadStarted = performance.now();
  const now = new Date();
  const setUp = async (name: string, count: number) => {
    const id = await companyIn(raw, name, (count + importRows) * 2);
    const field = await fields.create(id, { name: 'City', tag: 'city', type: 'text' });
    const label = await labels.create(id, { name: 'Newsletter' });
    await load(raw, { id, fieldId: field.id, labelId: label.id }, count, now, (text) =>
      say(`${name}: ${text}`),
    );
    return { id, labelId: label.id };
  };
  const big = await setUp('Big', contactCount);
  const small = await setUp('Small', neighbourCount);
  await raw.exec('VACUUM ANALYZE contacts, contact_label_members, contact_labels, contact_fields');
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  say(`loaded in ${loadSeconds.toFixed(1)} s`);

  const measures: Measure[] = [];
  const plans: Plan[] = [];
  /** Measures `fn`, then EXPLAINs each of its statements that reads `contacts` (its count and its page). */
  const timeIt = async (
    name: string,
    kind: 'segment' | 'list',
    limitMs: number,
    fn: () => Promise<number>,
  ) => {
    say(name);
    const { samples, last } = await repeat(runs, fn);
    measures.push({ name, kind, result: last, ...summary(samples), stat: 'p95', limitMs });
    for (const statement of await capture(fn)) {
      if (!/\bFROM contacts\b/.test(statement.sql)) continue;
      // Under the settings its transaction made first (counts price the start of parallel workers).
      const lines = await raw.transaction(async (tx) => {
        for (const setting of statement.settings) await tx.query(setting);
        return tx.query<Record<string, string>>(
          `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
          statement.params,
        );
      });
      plans.push({
        name,
        statementMs: statement.ms,
        sql: statement.sql.replace(/\s+/g, ' ').trim(),
        plan: lines.map((line) => Object.values(line)[0]).join('\n'),
      });
    }
  };

  const rules: Record<string, SegmentGroup> = {
    [`segment count: city is ${city}`]: {
      match: 'all',
      conditions: [{ kind: 'field', field: 'city', operator: 'is', value: city }],
    },
    [`segment count: in the label and city is ${city}`]: {
      match: 'all',
      conditions: [
        { kind: 'label', operator: 'in', value: big.labelId },
        { kind: 'field', field: 'city', operator: 'is', value: city },
      ],
    },
    'segment count: not opened in the last 30 days': {
      match: 'all',
      conditions: [{ kind: 'engagement', operator: 'notOpenedInLastDays', value: 30 }],
    },
  };
  const segmentIds: string[] = [];
  for (const [name, group] of Object.entries(rules)) {
    const segment = await segments.create(big.id, { name, rules: group });
    segmentIds.push(segment.id);
    await timeIt(name, 'segment', limits.segment[database], () => segments.count(big.id, segment.id));
  }

  const page = (filter: Partial<ContactListFilter>): ContactListFilter => ({
    page: 1,
    size: 10,
    sort: '-createdAt',
    ...filter,
  });
  const subscribed = page({ status: ['subscribed'] });
  const lists: Record<string, ContactListFilter> = {
    'list page 1: status subscribed': subscribed,
    'list page 1: in the label': page({ label: big.labelId }),
    'list page 1: search "contact12345" (a few matches)': page({ search: 'contact12345' }),
    'list page 1: search "zoë" (a tenth of the contacts)': page({ search: 'zoë' }),
  };
  for (const [name, filter] of Object.entries(lists)) {
    await timeIt(name, 'list', limits.list, async () => (await contacts.list(big.id, filter)).total);
  }

  // The neighbour's first page: alone, beside the big company's reads, beside its import.
  const neighbourPage = () => contacts.list(small.id, subscribed);
  const neighbour = (name: string, samples: number[]) =>
    measures.push({ name, kind: 'neighbour', ...summary(samples), stat: 'p99', limitMs: limits.neighbour });
  say('neighbour alone');
  const alone = await repeat(aloneRuns, async () => (await neighbourPage()).total);
  measures.push({
    name: 'neighbour list page 1, alone',
    kind: 'neighbour',
    result: alone.last,
    ...summary(alone.samples),
    stat: 'p99',
    limitMs: limits.neighbour,
  });

  say(`neighbour beside the big company's reads for ${noiseSeconds} s`);
  const bigReads: Array<() => Promise<unknown>> = [
    ...segmentIds.map((id) => () => segments.count(big.id, id)),
    ...Object.values(lists).map((filter) => () => contacts.list(big.id, filter)),
  ];
  let quiet = false;
  let bigReadsBeside = 0;
  const noise = (async () => {
    while (!quiet) {
      await (bigReads[bigReadsBeside % bigReads.length] as () => Promise<unknown>)();
      bigReadsBeside += 1;
    }
  })();
  const noiseEnds = performance.now() + noiseSeconds * 1000;
  neighbour(
    'neighbour list page 1, beside the big company’s segment counts and lists',
    await until(() => performance.now() >= noiseEnds, neighbourPage),
  );
  quiet = true;
  await noise;

  say(`neighbour beside an import of ${importRows.toLocaleString('en-US')} rows into the big company`);
  const file = await importFile(dir, importRows);
  const imports = createImportService({ db: raw, clock: systemClock, company, dir });
  const runner = createImportRunner({
    db: raw,
    clock: systemClock,
    company,
    engine: { suppressedForMarketing: async () => new Set<string>() },
    // As the server runs it on each database.
    ...(database === 'PGlite' ? { slices: sharedConnectionSlices } : {}),
  });
  const prepared = await imports.prepare(big.id, {
    fileName: 'audience-import.csv',
    stream: createReadStream(file),
    truncated: () => false,
  });
  await imports.start(big.id, {
    importId: prepared.importId,
    mapping: { email: 'email', firstname: 'firstname', lastname: 'lastname', city: 'city' },
  });
  const importStarted = performance.now();
  let importing = true;
  const running = runner.runDue().finally(() => {
    importing = false;
  });
  neighbour(
    `neighbour list page 1, beside an import of ${importRows.toLocaleString('en-US')} rows`,
    await until(() => !importing, neighbourPage),
  );
  await running;
  const importSeconds = (performance.now() - importStarted) / 1000;
  const done = await importStore.get(raw, big.id, prepared.importId);
  if (done?.state !== 'done') throw new Error(`the import ended ${done?.state}: ${done?.error}`);

  return {
    database,
    loadSeconds,
    measures,
    neighbourImport: { seconds: importSeconds, rowsPerSecond: importRows / importSeconds, added: done.added },
    bigReadsBeside,
    plans,
  };
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-audience-'));
try {
  const results: Figures[] = [];
  const pglite = await openPgliteWorker(path.join(dir, 'pglite'), { fsync: false });
  try {
    results.push(await measure('PGlite', pglite, dir));
  } finally {
    await pglite.close();
  }
  const server = process.env.BENCH_DATABASE_URL;
  if (server)
    results.push(await onOwnPostgres(server, 'audience_bench', (db) => measure('PostgreSQL', db, dir)));
  await writeResults(
    'contact-audience',
    { contacts: contactCount, neighbour: neighbourCount, runs, results },
    markdown(results, { contactCount, neighbourCount, runs, aloneRuns, noiseSeconds, importRows }),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
