// Where a block dragged from the palette (or saved blocks) lands on the canvas.
export const canvasDropId = 'canvas';
export const gapDropPrefix = 'gap:';
export const paletteDragPrefix = 'palette:';
export const savedDragPrefix = 'saved:';

export interface DropOver {
  id: string;
  /** The target's vertical middle. */
  middleY: number;
}

/**
 * The insertion index for a drag over `over` (a gap between blocks, a block, or the canvas itself)
 * whose dragged item's centre is at `pointerY`: before a block when above its middle, after it
 * when below; the end over the canvas's empty space.
 */
export function dropIndexOf(
  over: DropOver | undefined,
  pointerY: number,
  blockIds: readonly string[],
): number | undefined {
  if (!over) return undefined;
  if (over.id === canvasDropId) return blockIds.length;
  if (over.id.startsWith(gapDropPrefix)) return Number(over.id.slice(gapDropPrefix.length));
  const index = blockIds.indexOf(over.id);
  if (index < 0) return undefined;
  return pointerY > over.middleY ? index + 1 : index;
}
