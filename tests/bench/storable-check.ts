/**
 * `node tests/bench/storable-check.ts`: how long the storable-input check (run on every /api/v1 body)
 * holds the event loop for the bench's 100,000-recipient transmission: the whole walk at once, and
 * the longest slice of the sliced walk that large bodies get. The walk's cost is this thread's CPU
 * time, which other processes on a shared machine do not inflate; the holds are wall time.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { findUnstorable, findUnstorableInSlices } from '@app/contract/engine/storable';
import { transmissionBody } from './message.ts';

const json = transmissionBody(100_000);
const runs = 7;
const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;

const cpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};
const whole: number[] = [];
for (let run = 0; run < runs; run++) {
  const body = JSON.parse(json);
  const started = cpuMs();
  if (findUnstorable(body)) throw new Error('the bench body should be storable');
  whole.push(cpuMs() - started);
}

const sliced: number[] = [];
const longestHold: number[] = [];
for (let run = 0; run < runs; run++) {
  const body = JSON.parse(json);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  if (await findUnstorableInSlices(body)) throw new Error('the bench body should be storable');
  sliced.push(performance.now() - started);
  delay.disable();
  longestHold.push(delay.max / 1e6);
}

const ms = (times: number[]) =>
  `median ${median(times).toFixed(1)} ms (${times.map((t) => t.toFixed(0)).join(' ')})`;
console.log(`body ${(json.length / 1e6).toFixed(1)} MB, 100,000 recipients`);
console.log(`whole walk, thread CPU: ${ms(whole)}`);
console.log(`sliced walk: ${ms(sliced)} in all; longest hold of the loop ${ms(longestHold)}`);
