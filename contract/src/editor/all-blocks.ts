// Zod-free (the editor bundles it): the blocks of a design, those in rows' columns included.
import type { DesignBlock, EmailDesign } from './design.ts';

/** Every block of the design, those inside a row's columns right after their row. */
export function allBlocks(blocks: readonly DesignBlock[]): DesignBlock[] {
  return blocks.flatMap((block): DesignBlock[] =>
    block.type === 'row' ? [block, ...block.props.columns.flatMap((column) => column.blocks)] : [block],
  );
}

/** The forms a design's Form blocks show. */
export const formIdsOf = (design: Pick<EmailDesign, 'blocks'>): string[] => [
  ...new Set(
    allBlocks(design.blocks).flatMap((block) =>
      block.type === 'form' && block.props.formId ? [block.props.formId] : [],
    ),
  ),
];
