/**
 * `npm run bench:contacts`: the contact import (issue 24) at scale, beside two baselines measured in
 * the same run on the same file.
 *
 * - The file: BENCH_IMPORT_ROWS rows (default 1,000,000) with 1% invalid addresses, 2% in-file
 *   duplicates differing in case, quoted commas and non-ASCII names.
 * - Ours: prepare, start, then the worker's runner to the end, in this process (as a worker process
 *   runs it), on PGlite (its own thread, as the server opens it) and on PostgreSQL when
 *   BENCH_DATABASE_URL is set. Reported: seconds, rows/s, the longest gap between two progress
 *   commits, the event loop's longest stall while it ran, and the process's RSS growth.
 * - The peer: a listmonk-style import, each row one prepared upsert, committed every 10,000 rows
 *   (without our status-count triggers, which listmonk has not).
 * - The limit (PostgreSQL only): a bare COPY of the file into an unindexed table.
 *
 * Results go to tests/bench/results/contact-import.{md,json}.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createCompanyStore } from '../../server/src/accounts/company/company-store.ts';
import { setCompanyLimit } from '../../server/src/accounts/plans/plan-catalogue.ts';
import { systemClock } from '../../server/src/clock.ts';
import type { Db } from '../../server/src/db/db.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { openPgliteWorker } from '../../server/src/db/pglite-worker.ts';
import { companyDoorOf } from '../../server/src/marketing/company-door.ts';
import {
  createImportRunner,
  sharedConnectionSlices,
} from '../../server/src/marketing/contacts/imports/import-runner.ts';
import { createImportService } from '../../server/src/marketing/contacts/imports/import-service.ts';
import { importStore } from '../../server/src/marketing/contacts/imports/import-store.ts';
import { onOwnPostgres } from './own-database.ts';
import { markdownTable, round, writeResults } from './report.ts';

const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);

interface Figures {
  database: string;
  ours: { seconds: number; rowsPerSecond: number; added: number; failed: number; skipped: number };
  longestProgressGapMs: number;
  longestLoopStallMs: number;
  rssGrowthMb: number;
  rowByRow: { seconds: number; rowsPerSecond: number };
  copy?: { seconds: number; rowsPerSecond: number };
}

const names = ['Ana', 'Zoë', 'José', 'Łukasz', 'Søren', 'Ngozi', 'Nguyễn', 'Anaïs'];

/** Writes the bench file; answers its path. */
async function generateFile(dir: string): Promise<string> {
  const file = path.join(dir, 'contacts.csv');
  function* lines() {
    yield 'email,firstname,lastname,city\n';
    for (let index = 1; index <= rows; index += 1) {
      const name = names[index % names.length];
      let email = `contact${index}@example${index % 97}.test`;
      if (index % 100 === 0) email = `broken-${index}-at-example.test`;
      // A duplicate of the row before, in another case: the later row wins.
      if (index % 50 === 25) email = `CONTACT${index - 1}@Example${(index - 1) % 97}.test`;
      yield `${email},${name},"Lastname, ${index}",Städt ${index % 13}\n`;
    }
  }
  await pipeline(Readable.from(lines()), createWriteStream(file));
  return file;
}

async function companyIn(db: Db, name: string): Promise<string> {
  const id = await createCompanyStore(db).insert(db, { name, phone: '', now: new Date() });
  await setCompanyLimit(db, id, 'contactLimit', rows * 2);
  return id;
}

async function measureOurs(db: Db, file: string, dir: string, sharedConnection: boolean) {
  const companyId = await companyIn(db, `Import bench ${Date.now()}`);
  const company = companyDoorOf(createCompanyStore(db));
  const service = createImportService({ db, clock: systemClock, company, dir });
  const runner = createImportRunner({
    db,
    clock: systemClock,
    company,
    engine: { suppressedForMarketing: async () => new Set<string>() },
    // As the server runs it: on PGlite short slices with a rest for the other companies.
    ...(sharedConnection ? { slices: sharedConnectionSlices } : {}),
  });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const started = performance.now();
  const prepared = await service.prepare(companyId, {
    fileName: 'contacts.csv',
    stream: createReadStream(file),
    truncated: () => false,
  });
  await service.start(companyId, { importId: prepared.importId, mapping: prepared.suggestedMapping });
  let lastProgress = performance.now();
  let lastSeen = -1;
  let longestGap = 0;
  const poll = setInterval(async () => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    const row = await importStore.get(db, companyId, prepared.importId);
    const seen = (row?.read ?? 0) + (row?.processed ?? 0);
    const now = performance.now();
    if (seen !== lastSeen) {
      longestGap = Math.max(longestGap, now - lastProgress);
      lastProgress = now;
      lastSeen = seen;
    }
  }, 100);
  loop.enable();
  await runner.runDue();
  loop.disable();
  clearInterval(poll);
  const seconds = (performance.now() - started) / 1000;
  const done = await importStore.get(db, companyId, prepared.importId);
  if (done?.state !== 'done') throw new Error(`the import ended ${done?.state}: ${done?.error}`);
  return {
    ours: {
      seconds,
      rowsPerSecond: rows / seconds,
      added: done.added,
      failed: done.failed,
      skipped: done.skipped,
    },
    longestProgressGapMs: longestGap,
    longestLoopStallMs: loop.max / 1e6,
    rssGrowthMb: (rssPeak - rssBefore) / (1024 * 1024),
  };
}

/**
 * listmonk's way: parse, then one prepared upsert a row, a commit every 10,000 rows. Into our contacts
 * table (its indexes and foreign keys), but without the status-count triggers (migration 048), which
 * listmonk does not have and which a statement of one row pays in full.
 */
async function measureRowByRow(db: Db, file: string) {
  const companyId = await companyIn(db, `Row-by-row bench ${Date.now()}`);
  await db.exec('ALTER TABLE contacts DISABLE TRIGGER USER');
  try {
    const { parse } = await import('csv-parse');
    const started = performance.now();
    let batch: string[][] = [];
    const flush = async () => {
      const current = batch;
      batch = [];
      await db.transaction(async (tx) => {
        for (const [email, firstname, lastname] of current) {
          await tx.query(
            `INSERT INTO contacts (company_id, email, firstname, lastname, source, fields, created_at, updated_at)
             VALUES ($1, $2, $3, $4, 'bench', '{}', now(), now())
             ON CONFLICT (company_id, email) DO UPDATE SET firstname = EXCLUDED.firstname, lastname = EXCLUDED.lastname`,
            [companyId, (email ?? '').toLowerCase(), firstname, lastname],
          );
        }
      });
    };
    for await (const record of createReadStream(file).pipe(parse({ from_line: 2 })) as AsyncIterable<
      string[]
    >) {
      if (!(record[0] ?? '').includes('@')) continue;
      batch.push(record);
      if (batch.length === 10_000) await flush();
    }
    await flush();
    const seconds = (performance.now() - started) / 1000;
    return { seconds, rowsPerSecond: rows / seconds };
  } finally {
    await db.exec('ALTER TABLE contacts ENABLE TRIGGER USER');
  }
}

/** The limit: the file COPYed into a table without index (PostgreSQL). */
async function measureCopy(url: string, file: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'DROP TABLE IF EXISTS bench_copy; CREATE UNLOGGED TABLE bench_copy (email text, firstname text, lastname text, city text)',
    );
    const started = performance.now();
    await pipeline(
      createReadStream(file),
      client.query(copyFrom('COPY bench_copy FROM STDIN WITH (FORMAT csv, HEADER true)')),
    );
    const seconds = (performance.now() - started) / 1000;
    return { seconds, rowsPerSecond: rows / seconds };
  } finally {
    await client.end();
  }
}

async function measure(database: string, db: Db, file: string, dir: string, url?: string): Promise<Figures> {
  await migrate(db);
  console.log(`${database}: our import of ${rows.toLocaleString('en-US')} rows…`);
  const ours = await measureOurs(db, file, dir, url === undefined);
  console.log(`${database}: row-by-row upserts…`);
  const rowByRow = await measureRowByRow(db, file);
  const copy = url ? await measureCopy(url, file) : undefined;
  return { database, ...ours, rowByRow, ...(copy ? { copy } : {}) };
}

function markdown(results: Figures[]): string {
  const lines = [
    `# Contact import: ${rows.toLocaleString('en-US')} rows`,
    '',
    '`npm run bench:contacts` (BENCH_IMPORT_ROWS, BENCH_DATABASE_URL).',
    '',
    ...markdownTable(
      [
        'database',
        'ours s',
        'ours rows/s',
        'row-by-row rows/s',
        'ours ÷ row-by-row',
        'COPY rows/s',
        'ours ÷ COPY',
        'longest progress gap ms',
        'longest loop stall ms',
        'RSS growth MB',
        'added',
        'skipped',
        'failed',
      ],
      results.map((r) => [
        r.database,
        round(r.ours.seconds),
        Math.round(r.ours.rowsPerSecond),
        Math.round(r.rowByRow.rowsPerSecond),
        `${round(r.ours.rowsPerSecond / r.rowByRow.rowsPerSecond, 2)}×`,
        r.copy ? Math.round(r.copy.rowsPerSecond) : 'not measured',
        r.copy ? `${round(r.ours.rowsPerSecond / r.copy.rowsPerSecond, 2)}×` : '–',
        Math.round(r.longestProgressGapMs),
        round(r.longestLoopStallMs),
        Math.round(r.rssGrowthMb),
        r.ours.added,
        r.ours.skipped,
        r.ours.failed,
      ]),
    ),
  ];
  return `${lines.join('\n')}\n`;
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-contacts-'));
try {
  const file = await generateFile(dir);
  console.log(`file: ${((await stat(file)).size / 1024 / 1024).toFixed(1)} MB`);
  const results: Figures[] = [];
  const pglite = await openPgliteWorker(path.join(dir, 'pglite'), { fsync: false });
  try {
    results.push(await measure('PGlite', pglite, file, dir));
  } finally {
    await pglite.close();
  }
  const server = process.env.BENCH_DATABASE_URL;
  if (server)
    results.push(
      await onOwnPostgres(server, 'contacts_bench', (db, url) => measure('PostgreSQL', db, file, dir, url)),
    );
  await writeResults('contact-import', { rows, results }, markdown(results));
} finally {
  await rm(dir, { recursive: true, force: true });
}
