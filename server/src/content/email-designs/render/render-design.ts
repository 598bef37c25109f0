import type { EmailDesign } from '@app/contract/editor/design';
import type { BlockAssets } from '@app/contract/editor/embed-api';

/** What turning a design into mail needs from the server: where it is reached, how links are signed. */
export interface RenderContext {
  /** The engine's public URL (generator images and links are absolute). */
  publicUrl: string;
  /** The server's SECRET, from which the generator routes' signing key is derived. */
  secret: string;
}

export interface RenderedDesign {
  mjml: string;
  html: string;
  text: string;
  /** MJML's strict validation findings; empty for every design the editor can make. */
  findings: { line: number; tag: string; message: string }[];
  /** Engine-made images and links, by block id. */
  assets: Record<string, BlockAssets>;
}

/**
 * Turns a (validated) design into MJML, responsive table-based HTML and a plain-text part; the
 * render threads take each company's designs in turn with the others'.
 */
export type RenderDesign = (companyId: string, design: EmailDesign) => Promise<RenderedDesign>;
