import type { DrawTask } from './draw-worker.ts';
import { lazyPool } from './lazy-pool.ts';

/** Threads for drawing generator images. */
const pool = lazyPool(new URL('./draw-worker.ts', import.meta.url));

/** The task's PNG, drawn off the event loop. */
export async function drawPng(task: DrawTask): Promise<Buffer> {
  const png = await pool.run<Uint8Array>(task, 'draw');
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}

/** Ends the threads (tests and shutdown); the next drawing starts new ones. */
export const closeDrawPool = () => pool.close();
