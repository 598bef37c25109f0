import type { BlockType, DesignBlock, DesignGlobal } from '@app/contract/editor/design';
import type { BlockAssets } from '@app/contract/editor/embed-api';
import type { GeneratorUrls } from '../../generators/generator-urls.ts';

/** The class of blocks hidden on phones (below MJML's 480px breakpoint); the mail's head styles it. */
export const hiddenOnMobile = 'hide-on-mobile';

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
  /** The context of a block inside this one (a row's column), `innerWidth` px wide. */
  inner(block: DesignBlock, innerWidth: number): BlockContext;
}

/** The content of one full-width column: what a block that can sit in a row's column is made of. */
export interface ColumnContent {
  content: string;
}

export const column = (content: string): ColumnContent => ({ content });

/**
 * A block as MJML: the columns of one mj-section, or of several rows (a catalog) that an mj-wrapper
 * holds together. The section itself (padding, background, hiding on phones) is written around them;
 * a row written right to left shows its first column last on wide screens, first on phones.
 */
export type BlockRows = (string | { columns: string; direction: 'rtl' } | ColumnContent)[];

export type BlockConverter<T extends BlockType> = (
  block: Extract<DesignBlock, { type: T }>,
  context: BlockContext,
) => BlockRows;

/**
 * What raw markup in a column (an Html block, a page's form) needs to be seen: the design's font,
 * text colour and a readable size. MJML's columns set `font-size:0px` for their layout, and raw
 * markup inherits it. The font names are the editor's fixed list, quoted as CSS wants them.
 */
export const rawContentStyle = (global: DesignGlobal) =>
  `font-family:${global.fontFamily.replaceAll('"', "'")};font-size:16px;line-height:1.5;color:${global.textColor}`;
