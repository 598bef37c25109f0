import type { EmailDesign } from '@app/shared/api/contract/editor/design';
import { lazyPool } from '../../generators/lazy-pool.ts';
import type { RenderContext, RenderDesign, RenderedDesign } from './render-design.ts';

/** Threads for rendering designs. */
const pool = lazyPool(new URL('./design-render-worker.ts', import.meta.url));

/**
 * Renders designs off the event loop: MJML, the HTML, the text part, findings and generated assets.
 * Rejects with PoolBusyError when too many renders wait.
 */
export function createDesignRenderer(context: RenderContext): RenderDesign {
  const plain = { publicUrl: context.publicUrl, secret: context.secret };
  return (design: EmailDesign): Promise<RenderedDesign> =>
    pool.run<RenderedDesign>({ design, context: plain }, 'renderDesign');
}

/** Ends the threads (tests and shutdown); the next render starts new ones. */
export const closeDesignRenderPool = () => pool.close();
