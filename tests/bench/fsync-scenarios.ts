import { type HttpOutcomes, measureOurHttp, scenarios } from './http-scenarios.ts';
import { startOurServer } from './our-server.ts';
import { isMeasured, type Outcome, type Row } from './report.ts';
import type { BenchSettings } from './settings.ts';
import { type ModeKey, measureOurSmtp, smtpModes } from './smtp-scenarios.ts';

type Ingest = { http: HttpOutcomes; smtp: Record<ModeKey, Outcome> };

/** Our ingest on PGlite with one PGLITE_FSYNC setting, the server started for it alone. */
async function measureWith(
  fsync: 'on' | 'off',
  settings: BenchSettings,
  root: string,
  log: (line: string) => void,
): Promise<Ingest> {
  log(`our server on PGlite, PGLITE_FSYNC=${fsync}:`);
  const started = await startOurServer(root, undefined, log, { PGLITE_FSYNC: fsync });
  const server = 'server' in started ? started.server : started;
  try {
    return {
      http: await measureOurHttp(settings, server, log),
      smtp: await measureOurSmtp(settings, server, log),
    };
  } finally {
    if ('stop' in server) await server.stop();
  }
}

/** The machine is shared: off and on alternate, and each keeps its best run. */
const rounds = 2;

const better = (a: Outcome, b: Outcome): Outcome =>
  isMeasured(a) && (!isMeasured(b) || a.rate >= b.rate) ? a : b;

const bestOf = (a: Ingest, b: Ingest): Ingest => ({
  http: { single: better(a.http.single, b.http.single), batch: better(a.http.batch, b.http.batch) },
  smtp: Object.fromEntries(
    smtpModes.map((mode) => [mode.key, better(a.smtp[mode.key], b.smtp[mode.key])]),
  ) as Ingest['smtp'],
});

/**
 * The price of durable commits on the embedded database: the same ingest with PGLITE_FSYNC=on
 * (each commit flushed to disk, survives a power loss) beside off (survives a process crash only).
 * The "limit" column is fsync off, so "ours / limit" is the share of throughput fsync keeps; each
 * side is the best of {@link rounds} alternating runs.
 */
export async function measureFsync(
  settings: BenchSettings,
  root: string,
  log: (line: string) => void,
): Promise<Row[]> {
  let off = await measureWith('off', settings, root, log);
  let on = await measureWith('on', settings, root, log);
  for (let round = 2; round <= rounds; round += 1) {
    off = bestOf(off, await measureWith('off', settings, root, log));
    on = bestOf(on, await measureWith('on', settings, root, log));
  }
  const peer = 'ours, PGLITE_FSYNC=off';
  const scenario = (name: string) => `${name} [ours on PGlite, PGLITE_FSYNC=on]`;
  const http = scenarios(settings);
  return [
    ...smtpModes.map((mode) => ({
      scenario: scenario(mode.scenario),
      peer,
      limit: off.smtp[mode.key],
      ours: on.smtp[mode.key],
    })),
    {
      scenario: scenario(http.single),
      peer,
      limit: off.http.single,
      ours: on.http.single,
    },
    {
      scenario: scenario(http.batch),
      peer,
      limit: off.http.batch,
      ours: on.http.batch,
    },
  ];
}
