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
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ContactListFilter } from '@app/contract/marketing/contacts';
import type { SegmentGroup } from '@app/contract/marketing/segments';
import pg from 'pg';
import { createCompanyStore } from '../../server/src/accounts/company/company-store.ts';
import { setCompanyLimit } from '../../server/src/accounts/plans/plan-catalogue.ts';
import { systemClock } from '../../server/src/clock.ts';
import type { Db, Row } from '../../server/src/db/db.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { openPgliteWorker } from '../../server/src/db/pglite-worker.ts';
import { openPostgres } from '../../server/src/db/postgres.ts';
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
import { markdownTable, round, writeResults } from './report.ts';

const contactCount = Number(process.env.BENCH_AUDIENCE_CONTACTS ?? 1_000_000);
const neighbourCount = 1_000;
const runs = Number(process.env.BENCH_AUDIENCE_RUNS ?? 20);
const warmups = 2;
const noiseSeconds = Number(process.env.BENCH_AUDIENCE_NOISE_SECONDS ?? 10);
const importRows = Number(process.env.BENCH_AUDIENCE_IMPORT_ROWS ?? 100_000);
/** The neighbour's page read alone: enough calls for a p99. */
const aloneRuns = 200;
/** Contacts a loading statement inserts. */
const loadSlice = 100_000;

const limits = {
  segment: { PGlite: 1000, PostgreSQL: 300 },
  list: 100,
  neighbour: 100,
} as const;

const firstnames = ['Ana', 'Zoë', 'José', 'Łukasz', 'Søren', 'Ngozi', 'Nguyễn', 'Anaïs', 'Maria', 'John'];
const cities = [
  'Lisbon',
  'Porto',
  'Braga',
  'Coimbra',
  'Faro',
  'Madrid',
  'Barcelona',
  'Valencia',
  'Seville',
  'Bilbao',
  'Paris',
  'Lyon',
  'Marseille',
  'Toulouse',
  'Nantes',
  'Berlin',
  'Hamburg',
  'Munich',
  'Cologne',
  'Frankfurt',
  'Rome',
  'Milan',
  'Naples',
  'Turin',
  'Florence',
  'London',
  'Manchester',
  'Leeds',
  'Glasgow',
  'Dublin',
  'Amsterdam',
  'Rotterdam',
  'Utrecht',
  'Brussels',
  'Antwerp',
  'Vienna',
  'Zurich',
  'Geneva',
  'Prague',
  'Warsaw',
  'Kraków',
  'Budapest',
  'Copenhagen',
  'Stockholm',
  'Oslo',
  'Helsinki',
  'Athens',
  'Bucharest',
  'Sofia',
  'Zagreb',
];
const city = 'Lisbon';

type Database = 'PGlite' | 'PostgreSQL';

interface Measure {
  name: string;
  kind: 'segment' | 'list' | 'neighbour';
  calls: number;
  /** The count, or the list's total. */
  result?: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The percentile the limit is on. */
  stat: 'p95' | 'p99';
  limitMs: number;
}

interface Plan {
  name: string;
  statementMs: number;
  sql: string;
  plan: string;
}

interface Figures {
  database: Database;
  loadSeconds: number;
  measures: Measure[];
  /** The import the neighbour's page ran beside. */
  neighbourImport: { seconds: number; rowsPerSecond: number; added: number };
  /** Big-company reads done while the neighbour's page ran beside them. */
  bigReadsBeside: number;
  plans: Plan[];
}

interface Statement {
  sql: string;
  params: unknown[];
  ms: number;
  /** The SET LOCAL statements its transaction ran before it (the settings its plan was made under). */
  settings: string[];
}

/** The database, its statements timed and kept while `capture` runs (what EXPLAIN is asked about). */
function recording(db: Db) {
  let log: Statement[] | undefined;
  const wrap = (inner: Db, settings: string[]): Db => {
    const timed = async <T>(sql: string, params: unknown[] | undefined, run: () => Promise<T>) => {
      const current = log;
      if (!current) return run();
      const started = performance.now();
      const value = await run();
      current.push({ sql, params: params ?? [], ms: performance.now() - started, settings: [...settings] });
      if (/^SET LOCAL /.test(sql)) settings.push(sql);
      return value;
    };
    return {
      ...inner,
      query: <T extends object = Row>(sql: string, params?: unknown[]) =>
        timed(sql, params, () => inner.query<T>(sql, params)),
      one: <T extends object = Row>(sql: string, params?: unknown[]) =>
        timed(sql, params, () => inner.one<T>(sql, params)),
      maybeOne: <T extends object = Row>(sql: string, params?: unknown[]) =>
        timed(sql, params, () => inner.maybeOne<T>(sql, params)),
      transaction: <T>(fn: (tx: Db) => Promise<T>) => inner.transaction((tx) => fn(wrap(tx, []))),
    };
  };
  const wrapped = wrap(db, []);
  return {
    db: wrapped,
    async capture(fn: () => Promise<unknown>): Promise<Statement[]> {
      log = [];
      try {
        await fn();
        return log;
      } finally {
        log = undefined;
      }
    },
  };
}

/** The nearest-rank percentile of sorted samples. */
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

function summary(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    calls: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** Calls `fn` `count` times after {@link warmups} unmeasured calls; answers the times and its last answer. */
async function repeat<T>(count: number, fn: () => Promise<T>): Promise<{ samples: number[]; last: T }> {
  let last = await fn();
  for (let index = 1; index < warmups; index += 1) last = await fn();
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    last = await fn();
    samples.push(performance.now() - started);
  }
  return { samples, last };
}

/** Calls `fn` one call after another until `stop` says so; answers each call's time. */
async function until(stop: () => boolean, fn: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  while (!stop()) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return samples;
}

async function companyIn(db: Db, name: string, contactLimit: number): Promise<string> {
  const id = await createCompanyStore(db).insert(db, { name, phone: '', now: new Date() });
  await setCompanyLimit(db, id, 'contactLimit', contactLimit);
  return id;
}

/**
 * `count` contacts for the company, a statement each {@link loadSlice}: addresses
 * contact{n}@example{n % 97}.test, a firstname of the list, the city field (by its id, as
 * field-values.ts stores it) from a hash of n, ~90% subscribed, 7% unsubscribed, 3% bounced, ~30%
 * opened in the last 90 days, added over the last two years (newer contacts, higher ids); then
 * one member in ten joins the label, whose count is kept exact.
 */
async function load(
  db: Db,
  company: { id: string; fieldId: string; labelId: string },
  count: number,
  now: Date,
  say: (text: string) => void,
) {
  for (let from = 1; from <= count; from += loadSlice) {
    const to = Math.min(count, from + loadSlice - 1);
    await db.query(
      `INSERT INTO contacts (company_id, email, firstname, lastname, status, source, fields, created_at, updated_at, last_open_at)
       SELECT $1::uuid, 'contact' || n || '@example' || (n % 97) || '.test',
              ($4::text[])[1 + n % cardinality($4::text[])], 'Lastname ' || n,
              CASE WHEN h.s < 900 THEN 'subscribed' WHEN h.s < 970 THEN 'unsubscribed' ELSE 'bounced' END,
              'bench',
              jsonb_build_object($2::text, ($3::text[])[1 + h.c % cardinality($3::text[])]),
              a.at, a.at,
              CASE WHEN h.o < 30 THEN $5::timestamptz - interval '1 second' * h.t END
       FROM generate_series($6::int, $7::int) AS n,
            LATERAL (SELECT abs(hashtext('s' || n)::bigint) % 1000 AS s,
                            abs(hashtext('c' || n)::bigint) AS c,
                            abs(hashtext('o' || n)::bigint) % 100 AS o,
                            abs(hashtext('t' || n)::bigint) % (90 * 86400) AS t) h,
            LATERAL (SELECT $5::timestamptz - interval '730 days' * (1 - n::float8 / $8::int) AS at) a`,
      [company.id, company.fieldId, cities, firstnames, now, from, to, count],
    );
    say(`${to.toLocaleString('en-US')} contacts`);
  }
  await db.query(
    `INSERT INTO contact_label_members (label_id, contact_id, company_id, added_at)
     SELECT $2::bigint, id, company_id, created_at FROM contacts WHERE company_id = $1 AND id % 10 = 0`,
    [company.id, company.labelId],
  );
  await db.query(
    'UPDATE contact_labels SET members = (SELECT count(*) FROM contact_label_members WHERE label_id = $1) WHERE id = $1',
    [company.labelId],
  );
}

/** The import file: `rows` addresses the big company does not have yet, with a city. */
async function importFile(dir: string, rows: number): Promise<string> {
  const file = path.join(dir, 'audience-import.csv');
  function* lines() {
    yield 'email,firstname,lastname,city\n';
    for (let index = 1; index <= rows; index += 1) {
      yield `imported${index}@import${index % 97}.test,${firstnames[index % firstnames.length]},Imported ${index},${cities[(index * 7) % cities.length]}\n`;
    }
  }
  await pipeline(Readable.from(lines()), createWriteStream(file));
  return file;
}

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

const count = (value: number) => value.toLocaleString('en-US');

/** The command that ran, the database URL without its password. */
function command(): string {
  const env: string[] = [];
  for (const name of [
    'BENCH_AUDIENCE_CONTACTS',
    'BENCH_AUDIENCE_RUNS',
    'BENCH_AUDIENCE_NOISE_SECONDS',
    'BENCH_AUDIENCE_IMPORT_ROWS',
  ]) {
    if (process.env[name]) env.push(`${name}=${process.env[name]}`);
  }
  if (process.env.BENCH_DATABASE_URL) {
    const url = new URL(process.env.BENCH_DATABASE_URL);
    if (url.password) url.password = '…';
    env.push(`BENCH_DATABASE_URL=${url.toString()}`);
  }
  return [...env, 'npm run bench:audience'].join(' ');
}

function markdown(results: Figures[]): string {
  const lines = [
    `# Contact audience: ${count(contactCount)} contacts`,
    '',
    `\`${command()}\` (BENCH_AUDIENCE_CONTACTS, BENCH_AUDIENCE_RUNS, BENCH_AUDIENCE_NOISE_SECONDS, BENCH_AUDIENCE_IMPORT_ROWS, BENCH_DATABASE_URL).`,
    '',
    `A company of ${count(contactCount)} contacts (city of 50 values, ~90% subscribed, ~30% opened in the last 90 days, 10% in a label) and a neighbour of ${count(neighbourCount)}. Segment counts and the big company's list: ${runs} calls after ${warmups} unmeasured; the neighbour's page: ${aloneRuns} calls alone, then as many as fit beside the big company's reads (${noiseSeconds} s) and beside an import of ${count(importRows)} rows into the big company. All in one process (as a worker runs the import), the database on its own thread (PGlite) or server (PostgreSQL). p99 is shown from 100 calls, and always for the neighbour (of fewer calls, it is their max). Each figure beside its limit: the ratio is the figure ÷ the limit (≤ 1× meets it).`,
    '',
    ...markdownTable(
      [
        'database',
        'measure',
        'calls',
        'count or total',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'against the limit',
        'met',
      ],
      results.flatMap((r) =>
        r.measures.map((m) => {
          const figure = m[m.stat];
          return [
            r.database,
            m.name,
            m.calls,
            m.result === undefined ? '–' : count(m.result),
            round(m.p50),
            round(m.p95),
            m.stat === 'p99' || m.calls >= 100 ? round(m.p99) : '–',
            round(m.max),
            `${m.stat} ${round(figure)} ms = ${round(figure / m.limitMs, 2)}× the ${m.limitMs} ms limit`,
            figure <= m.limitMs ? 'yes' : '**no**',
          ];
        }),
      ),
    ),
    '',
    ...markdownTable(
      [
        'database',
        'load s (setup)',
        'big-company reads beside the neighbour',
        'import beside it: s',
        'rows/s',
        'added',
      ],
      results.map((r) => [
        r.database,
        round(r.loadSeconds),
        r.bigReadsBeside,
        round(r.neighbourImport.seconds),
        Math.round(r.neighbourImport.rowsPerSecond),
        r.neighbourImport.added,
      ]),
    ),
    '',
    '## Plans',
    '',
    "Each measured read's statements over `contacts` (the time beside each is from one more call), then their EXPLAIN (ANALYZE, BUFFERS).",
  ];
  for (const r of results) {
    for (const p of r.plans) {
      lines.push(
        '',
        `### ${r.database}: ${p.name} (${round(p.statementMs)} ms)`,
        '',
        '```sql',
        p.sql,
        '```',
        '',
        '```text',
        p.plan,
        '```',
      );
    }
  }
  return `${lines.join('\n')}\n`;
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
  if (server) {
    // A database of its own, dropped after the run.
    const name = `audience_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const postgres = await openPostgres(url.toString());
    try {
      results.push(await measure('PostgreSQL', postgres, dir));
    } finally {
      await postgres.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  await writeResults(
    'contact-audience',
    { contacts: contactCount, neighbour: neighbourCount, runs, results },
    markdown(results),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
