import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg, release, totalmem } from 'node:os';
import path from 'node:path';

/** A measured rate (detail: shown beside it, e.g. the seconds it took), or why there is none. */
export type Outcome = { rate: number; unit: string; note?: string; detail?: string } | { skipped: string };

export interface Row {
  scenario: string;
  peer: string;
  limit: Outcome;
  ours: Outcome;
}

export interface MachineFacts {
  date: string;
  cpus: string;
  memory: string;
  os: string;
  node: string;
  database: string;
  postfix: string;
  loadAverage: string;
}

export interface BenchReport {
  machine: MachineFacts;
  settings: Record<string, string | number>;
  rows: Row[];
  notes: string[];
}

function osName(): string {
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
    return `${pretty ?? 'Linux'}, kernel ${release()}`;
  } catch {
    return `${process.platform} ${release()}`;
  }
}

export function machineFacts(node: string, database: string, postfix: string): MachineFacts {
  const all = cpus();
  return {
    date: new Date().toISOString(),
    cpus: `${all.length} × ${all[0]?.model.trim() ?? 'unknown CPU'}`,
    memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
    os: osName(),
    node,
    database,
    postfix,
    loadAverage: loadavg()
      .map((load) => load.toFixed(2))
      .join(' / '),
  };
}

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Two decimals, or two significant digits below 0.1 so a small ratio does not read as 0.00. */
const formatRatio = (ratio: number) => (ratio >= 0.1 ? ratio.toFixed(2) : ratio.toPrecision(2));

export const isMeasured = (outcome: Outcome): outcome is Exclude<Outcome, { skipped: string }> =>
  'rate' in outcome;

/** Markdown: machine facts, the table, then numbered notes for skipped cells and caveats. */
export function renderMarkdown(report: BenchReport): string {
  const footnotes: string[] = [];
  const footnote = (raw: string) => {
    const text = raw.replace(/\s+/g, ' ').trim();
    let index = footnotes.indexOf(text);
    if (index === -1) index = footnotes.push(text) - 1;
    return `[${index + 1}]`;
  };
  const cell = (outcome: Outcome) => {
    if (!isMeasured(outcome)) return `skipped ${footnote(outcome.skipped)}`;
    const value = `${number.format(outcome.rate)} ${outcome.unit}${outcome.detail ? ` (${outcome.detail})` : ''}`;
    return outcome.note ? `${value} ${footnote(outcome.note)}` : value;
  };
  const ratio = (row: Row) =>
    isMeasured(row.ours) && isMeasured(row.limit) && row.limit.rate > 0
      ? formatRatio(row.ours.rate / row.limit.rate)
      : '—';
  const m = report.machine;
  const lines = [
    '# Benchmark: ingest and delivery throughput',
    '',
    `- date: ${m.date}`,
    `- machine: ${m.cpus}, ${m.memory}, ${m.os}`,
    `- load average at start (1/5/15 min): ${m.loadAverage}`,
    `- Node: ${m.node}`,
    `- our database: ${m.database}`,
    `- Postfix: ${m.postfix}`,
    `- settings: ${Object.entries(report.settings)
      .map(([key, value]) => `${key}=${value}`)
      .join(', ')}`,
    '',
    '| scenario | peer / limit | ours | ours / limit |',
    '| --- | --- | ---: | ---: |',
    ...report.rows.map(
      (row) => `| ${row.scenario} | ${row.peer}: ${cell(row.limit)} | ${cell(row.ours)} | ${ratio(row)} |`,
    ),
    '',
  ];
  if (footnotes.length > 0) {
    lines.push(...footnotes.map((text, index) => `[${index + 1}] ${text}`), '');
  }
  if (report.notes.length > 0) lines.push(...report.notes.map((note) => `- ${note}`), '');
  return lines.join('\n');
}

/** A figure rounded to `digits` decimals, shown without trailing zeros. */
export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** The lines of a markdown table: its header, then one line a row. */
export const markdownTable = (header: readonly string[], rows: readonly (readonly (string | number)[])[]) => [
  `| ${header.join(' | ')} |`,
  `|${header.map(() => '---').join('|')}|`,
  ...rows.map((row) => `| ${row.join(' | ')} |`),
];

const resultsDir = path.join(import.meta.dirname, 'results');

/** Writes a bench's figures to tests/bench/results/`name`.{json,md} and prints the markdown. */
export async function writeResults(name: string, figures: unknown, markdown: string): Promise<void> {
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, `${name}.json`), JSON.stringify(figures, null, 2));
  await writeFile(path.join(resultsDir, `${name}.md`), markdown);
  console.log(markdown);
}
