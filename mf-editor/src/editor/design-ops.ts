// Edits of a design as pure functions: each returns a new design (or the same one when nothing
// changes), so history can keep every state by reference. A block sits at the top level or in a
// column of a row (§3's row, column and sub-column); `BlockPlace` names which.
import { allBlocks } from '@app/contract/editor/all-blocks';
import type {
  BlockStyle,
  ColumnBlock,
  DesignBlock,
  DesignGlobal,
  DesignMessage,
  EmailDesign,
} from '@app/contract/editor/design';
import { designLimits, isColumnBlockType } from '@app/contract/editor/design-constants';
import { newBlockId } from './ids.ts';

export const defaultBlockStyle: BlockStyle = {
  paddingY: 10,
  paddingX: 20,
  background: 'transparent',
  align: 'left',
  hideOnMobile: false,
};

/** The top level (no row), or column `column` of the row `rowId`. */
export type BlockPlace = { rowId?: undefined } | { rowId: string; column: number };
export const topLevel: BlockPlace = {};

export interface LocatedBlock {
  block: DesignBlock;
  place: BlockPlace;
  index: number;
  /** The blocks of its place, itself included. */
  siblings: readonly DesignBlock[];
}

export function samePlace(a: BlockPlace, b: BlockPlace): boolean {
  return a.rowId === b.rowId && (a.rowId === undefined || a.column === (b as { column: number }).column);
}

/** Where the block `id` is, at the top level or in a column; undefined when it is not in the design. */
export function locate(design: EmailDesign, id: string): LocatedBlock | undefined {
  for (const [index, block] of design.blocks.entries()) {
    if (block.id === id) return { block, place: topLevel, index, siblings: design.blocks };
    if (block.type !== 'row') continue;
    for (const [column, { blocks }] of block.props.columns.entries()) {
      const at = blocks.findIndex((inner) => inner.id === id);
      if (at >= 0)
        return {
          block: blocks[at] as DesignBlock,
          place: { rowId: block.id, column },
          index: at,
          siblings: blocks,
        };
    }
  }
  return undefined;
}

export function blocksAt(design: EmailDesign, place: BlockPlace): readonly DesignBlock[] | undefined {
  if (place.rowId === undefined) return design.blocks;
  const row = design.blocks.find((block) => block.id === place.rowId);
  return row?.type === 'row' ? row.props.columns[place.column]?.blocks : undefined;
}

/** The design with the blocks of `place` replaced (a column takes only column blocks: see `canPlace`). */
function withBlocksAt(design: EmailDesign, place: BlockPlace, blocks: DesignBlock[]): EmailDesign {
  if (place.rowId === undefined) return { ...design, blocks };
  return {
    ...design,
    blocks: design.blocks.map((block) =>
      block.id === place.rowId && block.type === 'row'
        ? {
            ...block,
            props: {
              ...block.props,
              columns: block.props.columns.map((column, index) =>
                index === place.column ? { ...column, blocks: blocks as ColumnBlock[] } : column,
              ),
            },
          }
        : block,
    ),
  };
}

/** Whether `block` may go to `place`: a column holds no rows, vouchers or blocks laid out in columns. */
export function canPlace(block: Pick<DesignBlock, 'type'>, place: BlockPlace): boolean {
  return place.rowId === undefined || isColumnBlockType(block.type);
}

/** The blocks a new `block` adds (a row brings the ones in its columns). */
const sizeOf = (block: DesignBlock) => allBlocks([block]).length;

export function canAddBlock(design: EmailDesign, block?: DesignBlock): boolean {
  return allBlocks(design.blocks).length + (block ? sizeOf(block) : 1) <= designLimits.blocks;
}

/** `block` at `index` of `place` (clamped; the end when absent). Refused past the block limit or where it cannot go. */
export function insertBlock(
  design: EmailDesign,
  block: DesignBlock,
  index?: number,
  place: BlockPlace = topLevel,
): EmailDesign {
  const blocks = blocksAt(design, place);
  if (!blocks || !canPlace(block, place) || !canAddBlock(design, block)) return design;
  const at = Math.max(0, Math.min(index ?? blocks.length, blocks.length));
  return withBlocksAt(design, place, [...blocks.slice(0, at), block, ...blocks.slice(at)]);
}

export function indexOfBlock(design: EmailDesign, id: string): number {
  return design.blocks.findIndex((block) => block.id === id);
}

/** Moves the block `id` one step up or down among its siblings. */
export function moveWithin(design: EmailDesign, id: string, offset: -1 | 1): EmailDesign {
  const found = locate(design, id);
  if (!found) return design;
  const to = found.index + offset;
  if (to < 0 || to >= found.siblings.length) return design;
  const blocks = [...found.siblings];
  blocks.splice(found.index, 1);
  blocks.splice(to, 0, found.block);
  return withBlocksAt(design, found.place, blocks);
}

/**
 * Moves the block `id` to `index` of `place`, the index counted before the block leaves its own
 * place (as a drop line shows it). Refused where the block cannot go, or into its own row.
 */
export function moveTo(design: EmailDesign, id: string, place: BlockPlace, index: number): EmailDesign {
  const found = locate(design, id);
  if (!found || !canPlace(found.block, place) || place.rowId === id) return design;
  const sameList = samePlace(found.place, place);
  const target = sameList && index > found.index ? index - 1 : index;
  if (sameList && target === found.index) return design;
  const without = withBlocksAt(
    design,
    found.place,
    found.siblings.filter((block) => block.id !== id),
  );
  const blocks = blocksAt(without, place);
  if (!blocks) return design;
  const at = Math.max(0, Math.min(target, blocks.length));
  return withBlocksAt(without, place, [...blocks.slice(0, at), found.block, ...blocks.slice(at)]);
}

/** A deep copy of `block` under new ids, the blocks in its columns too (copy, paste, duplicate, saved blocks). */
export function cloneBlock(block: DesignBlock): DesignBlock {
  const copy = { ...structuredClone(block), id: newBlockId() };
  if (copy.type !== 'row') return copy;
  for (const column of copy.props.columns) {
    for (const inner of column.blocks) inner.id = newBlockId();
  }
  return copy;
}

/** The copy's id, or undefined when the block is missing or the limit is reached. */
export function duplicateBlock(
  design: EmailDesign,
  id: string,
): { design: EmailDesign; id: string | undefined } {
  const found = locate(design, id);
  if (!found) return { design, id: undefined };
  const copy = cloneBlock(found.block);
  const next = insertBlock(design, copy, found.index + 1, found.place);
  return next === design ? { design, id: undefined } : { design: next, id: copy.id };
}

export function removeBlock(design: EmailDesign, id: string): EmailDesign {
  const found = locate(design, id);
  if (!found) return design;
  return withBlocksAt(
    design,
    found.place,
    found.siblings.filter((block) => block.id !== id),
  );
}

function mapBlock(design: EmailDesign, id: string, change: (block: DesignBlock) => DesignBlock): EmailDesign {
  const found = locate(design, id);
  if (!found) return design;
  return withBlocksAt(
    design,
    found.place,
    found.siblings.map((block) => (block.id === id ? change(block) : block)),
  );
}

export function updateBlockProps(design: EmailDesign, id: string, props: DesignBlock['props']): EmailDesign {
  return mapBlock(design, id, (block) => ({ ...block, props }) as DesignBlock);
}

export function updateBlockStyle(design: EmailDesign, id: string, patch: Partial<BlockStyle>): EmailDesign {
  return mapBlock(design, id, (block) => ({ ...block, style: { ...block.style, ...patch } }));
}

export function updateGlobal(design: EmailDesign, patch: Partial<DesignGlobal>): EmailDesign {
  return { ...design, global: { ...design.global, ...patch } };
}

export function updateMessage(design: EmailDesign, patch: Partial<DesignMessage>): EmailDesign {
  return { ...design, message: { ...design.message, ...patch } };
}
