// One editor's state: nanostores atoms made per instance (two editors on a page share nothing) and
// the actions that change them through the pure design edits and the bounded history.
import type {
  BlockStyle,
  DesignBlock,
  DesignGlobal,
  DesignMessage,
  EmailDesign,
} from '@app/contract/editor/design';
import type { BlockType } from '@app/contract/editor/design-constants';
import type { BlockAssets, SavedBlock } from '@app/contract/editor/embed-api';
import { atom, computed } from 'nanostores';
import {
  cloneBlock,
  defaultBlockStyle,
  duplicateBlock,
  indexOfBlock,
  insertBlock,
  moveBlock,
  removeBlock,
  updateBlockProps,
  updateBlockStyle,
  updateGlobal,
  updateMessage,
} from './design-ops.ts';
import { commit, createHistory, redo, undo } from './history.ts';
import { newBlockId } from './ids.ts';

export type SaveState = 'idle' | 'saving';

export interface EditorStoreInit {
  design: EmailDesign;
  revision: number;
  published: boolean;
}

export type EditorStore = ReturnType<typeof createEditorStore>;

/** `create` gives a new block's props (the registry's `create()`; injected so this stays testable). */
export function createEditorStore(init: EditorStoreInit, create: (type: BlockType) => DesignBlock['props']) {
  const $history = atom(createHistory(init.design));
  const $design = computed($history, (history) => history.present);
  /** The design as last saved (or loaded): the editor is dirty when the present differs. */
  const $saved = atom(init.design);
  const $dirty = computed([$design, $saved], (design, saved) => design !== saved);
  const $selectedId = atom<string | undefined>(undefined);
  const $selected = computed([$design, $selectedId], (design, id) =>
    id === undefined ? undefined : design.blocks.find((block) => block.id === id),
  );
  const $clipboard = atom<DesignBlock | undefined>(undefined);
  const $revision = atom(init.revision);
  const $published = atom(init.published);
  const $saveState = atom<SaveState>('idle');
  const $error = atom<string | undefined>(undefined);
  /** A passing confirmation (e.g. a block saved), read out politely. */
  const $notice = atom<string | undefined>(undefined);
  const $assets = atom<Record<string, BlockAssets>>({});
  /** The company's saved blocks; undefined until loaded. */
  const $savedBlocks = atom<SavedBlock[] | undefined>(undefined);

  const change = (next: EmailDesign, key?: string) => $history.set(commit($history.get(), next, key));
  const design = () => $history.get().present;
  /** Where an inserted block goes when no place is named: after the selection, else at the end. */
  const insertionIndex = () => {
    const id = $selectedId.get();
    const index = id === undefined ? -1 : indexOfBlock(design(), id);
    return index < 0 ? design().blocks.length : index + 1;
  };
  const insert = (block: DesignBlock, index = insertionIndex()) => {
    const next = insertBlock(design(), block, index);
    if (next === design()) return false;
    change(next);
    $selectedId.set(block.id);
    return true;
  };

  return {
    $history,
    $design,
    $saved,
    $dirty,
    $selectedId,
    $selected,
    $clipboard,
    $revision,
    $published,
    $saveState,
    $error,
    $notice,
    $assets,
    $savedBlocks,
    /** Adds a new block of `type` at `index` (default: after the selection) and selects it. */
    addBlock(type: BlockType, index?: number) {
      const block = {
        id: newBlockId(),
        type,
        style: { ...defaultBlockStyle },
        props: create(type),
      } as DesignBlock;
      return insert(block, index);
    },
    /** Inserts a copy (new id) of a block from elsewhere: a saved block, the clipboard. */
    insertCopy(block: DesignBlock, index?: number) {
      return insert(cloneBlock(block), index);
    },
    move(from: number, to: number) {
      change(moveBlock(design(), from, to));
    },
    moveBy(id: string, offset: -1 | 1) {
      const from = indexOfBlock(design(), id);
      if (from >= 0) change(moveBlock(design(), from, from + offset));
    },
    duplicate(id: string) {
      const result = duplicateBlock(design(), id);
      if (result.id === undefined) return;
      change(result.design);
      $selectedId.set(result.id);
    },
    remove(id: string) {
      const index = indexOfBlock(design(), id);
      change(removeBlock(design(), id));
      if ($selectedId.get() === id) {
        // Selection moves to the neighbour so repeated Delete keeps working from the keyboard.
        const blocks = design().blocks;
        $selectedId.set((blocks[index] ?? blocks[index - 1])?.id);
      }
    },
    updateProps(id: string, props: DesignBlock['props']) {
      change(updateBlockProps(design(), id, props), `props:${id}`);
    },
    updateStyle(id: string, patch: Partial<BlockStyle>) {
      change(updateBlockStyle(design(), id, patch), `style:${id}:${Object.keys(patch).join(',')}`);
    },
    updateGlobal(patch: Partial<DesignGlobal>) {
      change(updateGlobal(design(), patch), `global:${Object.keys(patch).join(',')}`);
    },
    updateMessage(patch: Partial<DesignMessage>) {
      change(updateMessage(design(), patch), `message:${Object.keys(patch).join(',')}`);
    },
    select(id: string | undefined) {
      $selectedId.set(id);
    },
    copy() {
      const selected = $selected.get();
      if (selected) $clipboard.set(selected);
      return selected !== undefined;
    },
    paste() {
      const block = $clipboard.get();
      return block ? insert(cloneBlock(block)) : false;
    },
    undo() {
      $history.set(undo($history.get()));
      dropStaleSelection();
    },
    redo() {
      $history.set(redo($history.get()));
      dropStaleSelection();
    },
    /** After a successful save: `saved` is what was sent (edits made meanwhile stay dirty). */
    markSaved(saved: EmailDesign, revision: number, published: boolean) {
      $saved.set(saved);
      $revision.set(revision);
      $published.set(published);
    },
  };

  function dropStaleSelection() {
    const id = $selectedId.get();
    if (id !== undefined && indexOfBlock(design(), id) < 0) $selectedId.set(undefined);
  }
}
