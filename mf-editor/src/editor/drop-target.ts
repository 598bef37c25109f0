// Where a dragged block lands on the canvas: between top-level blocks, or in a row's column.
import type { EmailDesign } from '@app/contract/editor/design';
import type { BlockType } from '@app/contract/editor/design-constants';
import { type BlockPlace, canPlace, locate, topLevel } from './design-ops.ts';

export const canvasDropId = 'canvas';
export const gapDropPrefix = 'gap:';
export const columnDropPrefix = 'column:';
export const paletteDragPrefix = 'palette:';
export const savedDragPrefix = 'saved:';

/** A column's drop target id: `column:<index>:<row id>`. */
export const columnDropId = (rowId: string, index: number) => `${columnDropPrefix}${index}:${rowId}`;

export interface DropOver {
  id: string;
  /** The target's vertical middle. */
  middleY: number;
}

export interface DropTarget {
  place: BlockPlace;
  index: number;
}

/** How close to the pointer a target is taken: a gap, then a block in a column, the column, a top-level block, the canvas. */
export function dropRank(id: string, design: EmailDesign): number {
  if (id.startsWith(gapDropPrefix)) return 0;
  if (id.startsWith(columnDropPrefix)) return 2;
  if (id === canvasDropId) return 4;
  return locate(design, id)?.place.rowId === undefined ? 3 : 1;
}

/**
 * Where a block of `type` dragged over `over` (a gap, a block, a column or the canvas itself),
 * its centre at `pointerY`, lands: before a block when above its middle, after it when below; at
 * a column's end over the column's free space; at the end over the canvas's empty space. A block
 * a column cannot hold lands before or after the column's row instead.
 */
export function dropTargetOf(
  over: DropOver | undefined,
  pointerY: number,
  design: EmailDesign,
  type: BlockType,
): DropTarget | undefined {
  if (!over) return undefined;
  const below = pointerY > over.middleY;
  if (over.id === canvasDropId) return { place: topLevel, index: design.blocks.length };
  if (over.id.startsWith(gapDropPrefix))
    return { place: topLevel, index: Number(over.id.slice(gapDropPrefix.length)) };
  if (over.id.startsWith(columnDropPrefix)) {
    const [column, rowId] = splitOnce(over.id.slice(columnDropPrefix.length));
    const row = locate(design, rowId);
    if (row?.block.type !== 'row') return undefined;
    const place = { rowId, column: Number(column) };
    if (canPlace({ type }, place))
      return { place, index: row.block.props.columns[place.column]?.blocks.length ?? 0 };
    return { place: topLevel, index: row.index + (below ? 1 : 0) };
  }
  const found = locate(design, over.id);
  if (!found) return undefined;
  if (canPlace({ type }, found.place)) return { place: found.place, index: found.index + (below ? 1 : 0) };
  const row = locate(design, found.place.rowId ?? '');
  return row ? { place: topLevel, index: row.index + (below ? 1 : 0) } : undefined;
}

function splitOnce(text: string): [string, string] {
  const at = text.indexOf(':');
  return [text.slice(0, at), text.slice(at + 1)];
}
