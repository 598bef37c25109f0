// Edits of a design as pure functions: each returns a new design (or the same one when nothing
// changes), so history can keep every state by reference.
import type {
  BlockStyle,
  DesignBlock,
  DesignGlobal,
  DesignMessage,
  EmailDesign,
} from '@app/contract/editor/design';
import { designLimits } from '@app/contract/editor/design-constants';
import { newBlockId } from './ids.ts';

export const defaultBlockStyle: BlockStyle = {
  paddingY: 10,
  paddingX: 20,
  background: 'transparent',
  align: 'left',
  hideOnMobile: false,
};

export function canAddBlock(design: EmailDesign): boolean {
  return design.blocks.length < designLimits.blocks;
}

/** `block` at `index` (clamped; the end when absent). Refused past the block limit. */
export function insertBlock(
  design: EmailDesign,
  block: DesignBlock,
  index = design.blocks.length,
): EmailDesign {
  if (!canAddBlock(design)) return design;
  const at = Math.max(0, Math.min(index, design.blocks.length));
  return { ...design, blocks: [...design.blocks.slice(0, at), block, ...design.blocks.slice(at)] };
}

export function indexOfBlock(design: EmailDesign, id: string): number {
  return design.blocks.findIndex((block) => block.id === id);
}

/** Moves the block at `from` so that it ends at index `to`. */
export function moveBlock(design: EmailDesign, from: number, to: number): EmailDesign {
  const last = design.blocks.length - 1;
  if (from < 0 || from > last || to < 0 || to > last || from === to) return design;
  const blocks = [...design.blocks];
  const [moved] = blocks.splice(from, 1);
  if (moved) blocks.splice(to, 0, moved);
  return { ...design, blocks };
}

/** A deep copy of `block` under a new id (copy, paste, duplicate, saved blocks). */
export function cloneBlock(block: DesignBlock): DesignBlock {
  return { ...structuredClone(block), id: newBlockId() };
}

/** The copy's id, or undefined when the block is missing or the limit is reached. */
export function duplicateBlock(
  design: EmailDesign,
  id: string,
): { design: EmailDesign; id: string | undefined } {
  const index = indexOfBlock(design, id);
  const block = design.blocks[index];
  if (!block || !canAddBlock(design)) return { design, id: undefined };
  const copy = cloneBlock(block);
  return { design: insertBlock(design, copy, index + 1), id: copy.id };
}

export function removeBlock(design: EmailDesign, id: string): EmailDesign {
  if (indexOfBlock(design, id) < 0) return design;
  return { ...design, blocks: design.blocks.filter((block) => block.id !== id) };
}

function mapBlock(design: EmailDesign, id: string, change: (block: DesignBlock) => DesignBlock): EmailDesign {
  if (indexOfBlock(design, id) < 0) return design;
  return { ...design, blocks: design.blocks.map((block) => (block.id === id ? change(block) : block)) };
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
