import { fairPool } from '../../threads/fair-pool.ts';
import type { DrawTask } from './draw-worker.ts';

/**
 * Threads for drawing generator images, shared fairly among the addresses asking (the images are
 * public: no company is known); at most 32 drawings wait per address, so a burst is refused rather
 * than held in memory.
 */
const pool = fairPool(new URL('./draw-worker.ts', import.meta.url), {
  threads: 2,
  maxWaitingPerOwner: 32,
  idleTimeoutMs: 10_000,
});

/** The task's PNG, drawn off the event loop for `requester` (the client's address). */
export async function drawPng(requester: string, task: DrawTask): Promise<Buffer> {
  const png = await pool.run<Uint8Array>(requester, task, 'draw');
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}

/** Ends the threads (tests and shutdown); the next drawing starts new ones. */
export const closeDrawPool = () => pool.close();
