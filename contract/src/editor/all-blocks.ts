// Zod-free (the editor bundles it): the blocks of a design, those in rows' columns included.
import type { DesignBlock } from './design.ts';

/** Every block of the design, those inside a row's columns right after their row. */
export function allBlocks(blocks: readonly DesignBlock[]): DesignBlock[] {
  return blocks.flatMap((block): DesignBlock[] =>
    block.type === 'row' ? [block, ...block.props.columns.flatMap((column) => column.blocks)] : [block],
  );
}
