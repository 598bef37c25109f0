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
  type BlockPlace,
  canPlace,
  cloneBlock,
  defaultBlockStyle,
  duplicateBlock,
  insertBlock,
  locate,
  moveTo,
  moveWithin,
  removeBlock,
  topLevel,
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
  /** §3's selected column: of the selected row, where blocks picked from the palette go. */
  const $selectedColumn = atom<number | undefined>(undefined);
  const $selected = computed([$design, $selectedId], (design, id) =>
    id === undefined ? undefined : locate(design, id)?.block,
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
  /**
   * Where an inserted block goes when no place is named: after the selection (in its column when
   * it may go there, else after the selection's row), else at the end.
   */
  const insertionPoint = (block: DesignBlock): { place: BlockPlace; index: number } => {
    const id = $selectedId.get();
    const found = id === undefined ? undefined : locate(design(), id);
    if (!found) return { place: topLevel, index: design().blocks.length };
    const column = $selectedColumn.get();
    const columnBlocks =
      found.block.type === 'row' && column !== undefined
        ? found.block.props.columns[column]?.blocks
        : undefined;
    if (columnBlocks && column !== undefined) {
      const place = { rowId: found.block.id, column };
      if (canPlace(block, place)) return { place, index: columnBlocks.length };
    }
    if (canPlace(block, found.place)) return { place: found.place, index: found.index + 1 };
    const row = locate(design(), found.place.rowId ?? '');
    return { place: topLevel, index: (row?.index ?? design().blocks.length - 1) + 1 };
  };
  const insert = (block: DesignBlock, index?: number, place?: BlockPlace) => {
    const point = index === undefined ? insertionPoint(block) : { place: place ?? topLevel, index };
    const next = insertBlock(design(), block, point.index, point.place);
    if (next === design()) return false;
    change(next);
    $selectedId.set(block.id);
    $selectedColumn.set(undefined);
    return true;
  };

  return {
    $history,
    $design,
    $saved,
    $dirty,
    $selectedId,
    $selectedColumn,
    $selected,
    $clipboard,
    $revision,
    $published,
    $saveState,
    $error,
    $notice,
    $assets,
    $savedBlocks,
    /** Adds a new block of `type` at `index` of `place` (default: after the selection) and selects it. */
    addBlock(type: BlockType, index?: number, place?: BlockPlace) {
      const block = {
        id: newBlockId(),
        type,
        style: { ...defaultBlockStyle },
        props: create(type),
      } as DesignBlock;
      return insert(block, index, place);
    },
    /** Inserts a copy (new ids) of a block from elsewhere: a saved block, the clipboard. */
    insertCopy(block: DesignBlock, index?: number, place?: BlockPlace) {
      return insert(cloneBlock(block), index, place);
    },
    /** Moves the block `id` to `index` of `place` (into a column, out of one, between columns). */
    moveTo(id: string, place: BlockPlace, index: number) {
      change(moveTo(design(), id, place, index));
    },
    moveBy(id: string, offset: -1 | 1) {
      change(moveWithin(design(), id, offset));
    },
    duplicate(id: string) {
      const result = duplicateBlock(design(), id);
      if (result.id === undefined) return;
      change(result.design);
      $selectedId.set(result.id);
      $selectedColumn.set(undefined);
    },
    remove(id: string) {
      const found = locate(design(), id);
      if (!found) return;
      change(removeBlock(design(), id));
      if ($selectedId.get() === id) {
        // Selection moves to the neighbour (or the row of an emptied column) so repeated Delete keeps working.
        const siblings = found.siblings.filter((block) => block.id !== id);
        const neighbour = siblings[found.index] ?? siblings[found.index - 1];
        $selectedId.set(neighbour?.id ?? found.place.rowId);
        $selectedColumn.set(neighbour || found.place.rowId === undefined ? undefined : found.place.column);
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
      $selectedColumn.set(undefined);
    },
    /** Selects the row `rowId` and its column `column`: blocks added next go into that column. */
    selectColumn(rowId: string, column: number) {
      $selectedId.set(rowId);
      $selectedColumn.set(column);
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
    if (id !== undefined && !locate(design(), id)) $selectedId.set(undefined);
  }
}
