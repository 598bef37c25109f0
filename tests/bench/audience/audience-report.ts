import { markdownTable, round } from '../report.ts';
import { warmups } from './timing.ts';

export type Database = 'PGlite' | 'PostgreSQL';

export interface Measure {
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

export interface Plan {
  name: string;
  statementMs: number;
  sql: string;
  plan: string;
}

export interface Figures {
  database: Database;
  loadSeconds: number;
  measures: Measure[];
  /** The import the neighbour's page ran beside. */
  neighbourImport: { seconds: number; rowsPerSecond: number; added: number };
  /** Big-company reads done while the neighbour's page ran beside them. */
  bigReadsBeside: number;
  plans: Plan[];
}

/** The run's settings, as the report states them. */
interface Settings {
  contactCount: number;
  neighbourCount: number;
  runs: number;
  aloneRuns: number;
  noiseSeconds: number;
  importRows: number;
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

export function markdown(results: Figures[], settings: Settings): string {
  const { contactCount, neighbourCount, runs, aloneRuns, noiseSeconds, importRows } = settings;
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
