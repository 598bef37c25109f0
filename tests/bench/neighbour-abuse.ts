// One noisy-neighbour case's abuse (neighbour-cases.ts), in a worker thread of the bench.
import { parentPort, workerData } from 'node:worker_threads';
import { type Companies, neighbourCases } from './neighbour-cases.ts';

const { index, httpUrl, companies, seconds } = workerData as {
  index: number;
  httpUrl: string;
  companies: Companies;
  seconds: number;
};
const neighbourCase = neighbourCases()[index];
if (!neighbourCase) throw new Error(`no noisy-neighbour case ${index}`);
parentPort?.postMessage(await neighbourCase.abuse(httpUrl, companies, seconds));
