import type { EmailDesign } from '@app/contract/editor/design';
import { fairPool } from '../../../threads/fair-pool.ts';
import type { RenderContext, RenderDesign, RenderedDesign } from './render-design.ts';

/**
 * Threads for rendering designs, shared fairly among companies; at most 32 renders wait per company,
 * so a burst is refused rather than held in memory.
 */
const pool = fairPool(new URL('./design-render-worker.ts', import.meta.url), {
  threads: 2,
  maxWaitingPerOwner: 32,
  idleTimeoutMs: 10_000,
});

/**
 * Renders designs off the event loop: MJML, the HTML, the text part, findings and generated assets,
 * each company's in turn with the others'. Rejects with PoolBusyError when too many of its renders wait.
 */
export function createDesignRenderer(context: RenderContext): RenderDesign {
  const plain = { publicUrl: context.publicUrl, secret: context.secret };
  return (companyId: string, design: EmailDesign): Promise<RenderedDesign> =>
    pool.run<RenderedDesign>(companyId, { design, context: plain }, 'renderDesign');
}

/** Ends the threads (tests and shutdown); the next render starts new ones. */
export const closeDesignRenderPool = () => pool.close();
