/**
 * `node tests/bench/recipient-validation.ts`: how long a recipient validation list's CPU work holds the
 * event loop, for the largest list (100,000 rows): reading the CSV when it arrives as one chunk (the
 * worst case; it is parsed a piece per turn), and one worker slice (500 addresses, every domain new:
 * spelling checks and lists, DNS answered at once by a fake resolver). The holds are wall time: on a
 * busy shared machine other processes inflate them, so the median of several runs is printed.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { readAddressCsv } from '../../server/src/engine/recipient-validation/address-csv.ts';
import { createDomainCheck } from '../../server/src/engine/recipient-validation/domain-check.ts';
import { createRecipientValidator } from '../../server/src/engine/recipient-validation/recipient-validator.ts';

const runs = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function longestHold(work: () => Promise<unknown>): Promise<{ holdMs: number; totalMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  await work();
  const totalMs = performance.now() - started;
  delay.disable();
  return { holdMs: delay.max / 1e6, totalMs };
}

const csv = Buffer.from(
  Array.from({ length: 100_000 }, (_, index) => `user${index}@d${index % 5_000}.example.test`).join('\n'),
);
const reading: { holdMs: number; totalMs: number }[] = [];
for (let run = 0; run < runs; run++)
  reading.push(await longestHold(() => readAddressCsv(Readable.from([csv]))));

const clock = { now: () => new Date() };
const dns = {
  mx: async () => [{ exchange: 'mx.example.test', priority: 10 }],
  addresses: async () => ['192.0.2.25'],
  txt: async () => [],
  cname: async () => [],
};
const slices: { holdMs: number; totalMs: number }[] = [];
for (let run = 0; run < runs; run++) {
  // A new validator and new domains each run: nothing cached.
  const validator = createRecipientValidator(createDomainCheck(dns, clock));
  const addresses = Array.from(
    { length: 500 },
    (_, index) => `user${index}@run${run}-d${index}.example.test`,
  );
  slices.push(await longestHold(() => validator.validateMany(addresses)));
}

const line = (name: string, results: { holdMs: number; totalMs: number }[]) =>
  `${name}: longest hold ${median(results.map((one) => one.holdMs)).toFixed(1)} ms, total ${median(
    results.map((one) => one.totalMs),
  ).toFixed(0)} ms (median of ${runs})`;
console.log(line('read a 100,000-row CSV arriving as one chunk', reading));
console.log(line('validate one slice of 500 addresses, all domains new', slices));
