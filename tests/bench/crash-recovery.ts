/**
 * Crash recovery of delivery: how long mail waits after a server is killed mid-send and started again.
 * A server delivering through a smarthost that never answers accepts one transmission of
 * BENCH_RECOVERY_MESSAGES recipients (default 150), is SIGKILLed while its attempts hang, and is
 * started again in capture mode on the same data; the figure is the time from the restart until every
 * message has its delivery event (tests/engine/crash-recovery.ts does the run). PGlite, then
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, each in a fresh database, with the
 * default WORKER_DEAD_AFTER_SECONDS unless it is set. A run gives up after
 * BENCH_RECOVERY_TIMEOUT_SECONDS (default 2,400: past the 35-minute delivery lease).
 *
 *   npm exec -- node tests/bench/crash-recovery.ts
 */
import { crashMidSend } from '../engine/crash-recovery.ts';
import { pgliteTarget, postgresTarget } from '../engine/crash-storage.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const targets = [pgliteTarget, ...(databaseUrl ? [postgresTarget(databaseUrl)] : [])];
const messages = Number(process.env.BENCH_RECOVERY_MESSAGES ?? 150);
const timeoutMs = Number(process.env.BENCH_RECOVERY_TIMEOUT_SECONDS ?? 2400) * 1000;
const env = process.env.WORKER_DEAD_AFTER_SECONDS
  ? { WORKER_DEAD_AFTER_SECONDS: process.env.WORKER_DEAD_AFTER_SECONDS }
  : {};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

console.log(
  `| database | attempts in flight at the kill | restart until listening | restart until ${messages} delivered |`,
);
console.log('| --- | --- | --- | --- |');
for (const target of targets) {
  const run = await crashMidSend(target, { messages, timeoutMs, env });
  const delivered =
    run.deliveredMs === undefined
      ? `not within ${seconds(run.startupMs + timeoutMs)} (${run.delivered} delivered)`
      : seconds(run.deliveredMs);
  console.log(`| ${target.name} | ${run.attemptsAtKill} | ${seconds(run.startupMs)} | ${delivered} |`);
}
