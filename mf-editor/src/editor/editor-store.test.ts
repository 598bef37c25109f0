import { defaultDesign } from '@app/contract/editor/default-design';
import type { DesignBlock } from '@app/contract/editor/design';
import { designLimits } from '@app/contract/editor/design-constants';
import { describe, expect, it } from 'vitest';
import { createEditorStore } from './editor-store.ts';

const textProps = { html: '<p>Hi</p>', color: '#000000', fontSize: 14, lineHeight: 1.5 };
const makeStore = () =>
  createEditorStore({ design: defaultDesign(), revision: 3, published: false }, (type) =>
    type === 'text' ? { ...textProps } : ({ label: 'Go' } as unknown as DesignBlock['props']),
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
    store.move(0, 1);
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
});
