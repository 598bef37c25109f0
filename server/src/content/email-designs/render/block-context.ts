import type { BlockType, DesignBlock, DesignGlobal } from '@app/contract/editor/design';
import type { BlockAssets } from '@app/contract/editor/embed-api';
import type { GeneratorUrls } from '../../generators/generator-urls.ts';

/** What a block's converter knows besides its block. */
export interface BlockContext {
  global: DesignGlobal;
  urls: GeneratorUrls;
  /** The width inside the block's padding, in px: images are sized from it. */
  innerWidth: number;
  /** Records a problem the user must fix (the design is not saved with it). */
  problem(tag: string, message: string): void;
  /** Records the engine-made image or link of the block, for the editor's canvas. */
  assets(assets: BlockAssets): void;
}

/**
 * A block as MJML: the columns of one mj-section, or of several rows (a catalog) that an mj-wrapper
 * holds together. The section itself (padding, background, hiding on phones) is written around them;
 * a row written right to left shows its first column last on wide screens, first on phones.
 */
export type BlockRows = (string | { columns: string; direction: 'rtl' })[];

export type BlockConverter<T extends BlockType> = (
  block: Extract<DesignBlock, { type: T }>,
  context: BlockContext,
) => BlockRows;
