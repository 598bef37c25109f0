import { defaultDesign } from '@app/contract/editor/default-design';
import type { DesignBlock } from '@app/contract/editor/design';
import { designLimits } from '@app/contract/editor/design-constants';
import { describe, expect, it } from 'vitest';
import { newRow, withColumnCount } from '../blocks/row/row-columns.ts';
import { createEditorStore } from './editor-store.ts';

const textProps = { html: '<p>Hi</p>', color: '#000000', fontSize: 14, lineHeight: 1.5 };
const makeStore = () =>
  createEditorStore({ design: defaultDesign(), revision: 3, published: false }, (type) =>
    type === 'text'
      ? { ...textProps }
      : type === 'row'
        ? newRow()
        : ({ label: 'Go' } as unknown as DesignBlock['props']),
  );
const types = (store: ReturnType<typeof makeStore>) => store.$design.get().blocks.map((block) => block.type);
const ids = (store: ReturnType<typeof makeStore>) => store.$design.get().blocks.map((block) => block.id);

describe('editor store', () => {
  it('adds blocks after the selection (or at the end) and selects the new one', () => {
    const store = makeStore();
    store.addBlock('text');
    store.addBlock('button');
    expect(types(store)).toEqual(['text', 'button']);
    store.select(ids(store)[0]);
    store.addBlock('image');
    expect(types(store)).toEqual(['text', 'image', 'button']);
    expect(store.$selected.get()?.type).toBe('image');
    expect(ids(store).every((id) => /^[A-Za-z0-9_-]{1,40}$/.test(id))).toBe(true);
  });

  it('inserts at a dropped index', () => {
    const store = makeStore();
    store.addBlock('text');
    store.addBlock('text');
    store.addBlock('button', 0);
    expect(types(store)).toEqual(['button', 'text', 'text']);
  });

  it('moves, duplicates and removes blocks', () => {
    const store = makeStore();
    store.addBlock('text');
    store.addBlock('button');
    const [text, button] = ids(store) as [string, string];
    store.moveBy(button, -1);
    expect(ids(store)).toEqual([button, text]);
    store.moveBy(button, -1);
    expect(ids(store)).toEqual([button, text]);
    store.moveTo(button, {}, 2);
    expect(ids(store)).toEqual([text, button]);
    store.duplicate(text);
    expect(types(store)).toEqual(['text', 'text', 'button']);
    const copy = ids(store)[1];
    expect(copy).not.toBe(text);
    expect(store.$selectedId.get()).toBe(copy);
    store.remove(copy as string);
    expect(ids(store)).toEqual([text, button]);
    expect(store.$selectedId.get()).toBe(button);
  });

  it('copies the selected block and pastes a copy after the selection', () => {
    const store = makeStore();
    store.addBlock('text');
    store.addBlock('button');
    store.select(ids(store)[0]);
    expect(store.copy()).toBe(true);
    store.select(ids(store)[1]);
    expect(store.paste()).toBe(true);
    expect(types(store)).toEqual(['text', 'button', 'text']);
    expect(new Set(ids(store)).size).toBe(3);
  });

  it('updates props and style, and undo/redo restore them', () => {
    const store = makeStore();
    store.addBlock('text');
    const id = ids(store)[0] as string;
    store.updateProps(id, { ...textProps, html: '<p>Hello</p>' });
    store.updateStyle(id, { paddingY: 30 });
    store.updateGlobal({ width: 640 });
    store.updateMessage({ subject: 'Sale' });
    const design = store.$design.get();
    expect(design.blocks[0]?.props).toMatchObject({ html: '<p>Hello</p>' });
    expect(design.blocks[0]?.style.paddingY).toBe(30);
    expect(design.global.width).toBe(640);
    expect(design.message.subject).toBe('Sale');
    store.undo();
    store.undo();
    expect(store.$design.get().global.width).toBe(600);
    expect(store.$design.get().blocks[0]?.style.paddingY).toBe(30);
    store.redo();
    expect(store.$design.get().global.width).toBe(640);
  });

  it('drops the selection when undo removes the selected block', () => {
    const store = makeStore();
    store.addBlock('text');
    store.undo();
    expect(store.$design.get().blocks).toHaveLength(0);
    expect(store.$selectedId.get()).toBeUndefined();
  });

  it('is dirty after an edit and clean once that design is saved', () => {
    const store = makeStore();
    expect(store.$dirty.get()).toBe(false);
    store.addBlock('text');
    expect(store.$dirty.get()).toBe(true);
    store.markSaved(store.$design.get(), 4, true);
    expect(store.$dirty.get()).toBe(false);
    expect(store.$revision.get()).toBe(4);
    store.undo();
    expect(store.$dirty.get()).toBe(true);
  });

  it('refuses blocks beyond the limit', () => {
    const store = makeStore();
    for (let i = 0; i < designLimits.blocks; i++) store.addBlock('text', i);
    expect(store.addBlock('text')).toBe(false);
    expect(store.$design.get().blocks).toHaveLength(designLimits.blocks);
  });

  it('keeps two editors apart', () => {
    const one = makeStore();
    const two = makeStore();
    one.addBlock('text');
    expect(two.$design.get().blocks).toHaveLength(0);
  });

  describe('rows and columns', () => {
    const columnsOf = (store: ReturnType<typeof makeStore>) => {
      const row = store.$design.get().blocks.find((block) => block.type === 'row');
      return row?.type === 'row'
        ? row.props.columns.map((column) => column.blocks.map((block) => block.type))
        : [];
    };
    const rowStore = () => {
      const store = makeStore();
      store.addBlock('row');
      const rowId = store.$selectedId.get() as string;
      return { store, rowId };
    };

    it('adds blocks into a column, and after the selection inside its column', () => {
      const { store, rowId } = rowStore();
      store.addBlock('text', 0, { rowId, column: 1 });
      expect(store.$selected.get()?.type).toBe('text');
      store.addBlock('image');
      expect(columnsOf(store)).toEqual([[], ['text', 'image']]);
    });

    it('puts what a column cannot hold after the row, never in the column', () => {
      const { store, rowId } = rowStore();
      store.addBlock('text', 0, { rowId, column: 0 });
      expect(store.addBlock('catalog', 0, { rowId, column: 0 })).toBe(false);
      store.addBlock('row');
      expect(types(store)).toEqual(['row', 'row']);
      expect(columnsOf(store)).toEqual([['text'], []]);
    });

    it('moves blocks between columns, out of a row and into one', () => {
      const { store, rowId } = rowStore();
      store.addBlock('text', 0, { rowId, column: 0 });
      const text = store.$selectedId.get() as string;
      store.moveTo(text, { rowId, column: 1 }, 0);
      expect(columnsOf(store)).toEqual([[], ['text']]);
      store.moveTo(text, {}, 1);
      expect(types(store)).toEqual(['row', 'text']);
      store.moveTo(rowId, { rowId, column: 0 }, 0);
      expect(types(store)).toEqual(['row', 'text']);
    });

    it('deletes a block in a column and selects its neighbour, or the row when the column empties', () => {
      const { store, rowId } = rowStore();
      store.addBlock('text', 0, { rowId, column: 0 });
      const first = store.$selectedId.get() as string;
      store.addBlock('image');
      const second = store.$selectedId.get() as string;
      store.remove(second);
      expect(store.$selectedId.get()).toBe(first);
      store.remove(first);
      expect(store.$selectedId.get()).toBe(rowId);
    });

    it('copies a row with new ids for the blocks in it, and counts them towards the limit', () => {
      const { store, rowId } = rowStore();
      store.addBlock('text', 0, { rowId, column: 0 });
      store.duplicate(rowId);
      const all = store.$design
        .get()
        .blocks.flatMap((block) =>
          block.type === 'row'
            ? [block.id, ...block.props.columns.flatMap((c) => c.blocks.map((b) => b.id))]
            : [block.id],
        );
      expect(all).toHaveLength(4);
      expect(new Set(all).size).toBe(4);
      for (let i = 4; i < designLimits.blocks; i++) store.addBlock('text', 0);
      const full = store.$design.get();
      store.duplicate(rowId);
      expect(store.$design.get()).toBe(full);
      expect(store.addBlock('text')).toBe(false);
    });

    it('keeps the blocks of the columns a smaller count drops, in the last column kept', () => {
      const { store, rowId } = rowStore();
      store.addBlock('text', 0, { rowId, column: 1 });
      const row = store.$design.get().blocks[0];
      if (row?.type !== 'row') throw new Error('no row');
      const one = withColumnCount(row.props, 1);
      expect(one.columns.map((column) => [column.width, column.blocks.length])).toEqual([[100, 1]]);
      expect(withColumnCount(one, 3).columns.map((column) => column.width)).toEqual([33, 34, 33]);
    });
  });
});
