import { describe, expect, it } from 'vitest';
import { type KeyPress, shortcutOf } from './keyboard.ts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  inTextField: false,
  inCanvas: false,
  ...extra,
});

describe('editor shortcuts', () => {
  it('saves with Ctrl+S or Cmd+S, even while typing', () => {
    expect(shortcutOf(press('s', { ctrlKey: true }))).toBe('save');
    expect(shortcutOf(press('S', { metaKey: true, inTextField: true }))).toBe('save');
  });

  it('undoes and redoes the design outside text fields only', () => {
    expect(shortcutOf(press('z', { ctrlKey: true }))).toBe('undo');
    expect(shortcutOf(press('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutOf(press('y', { ctrlKey: true }))).toBe('redo');
    expect(shortcutOf(press('z', { ctrlKey: true, inTextField: true }))).toBeUndefined();
  });

  it('copies and pastes blocks unless a text field has focus', () => {
    expect(shortcutOf(press('c', { ctrlKey: true }))).toBe('copy');
    expect(shortcutOf(press('v', { metaKey: true }))).toBe('paste');
    expect(shortcutOf(press('c', { ctrlKey: true, inTextField: true }))).toBeUndefined();
  });

  it('deletes a block only when the canvas has focus', () => {
    expect(shortcutOf(press('Delete', { inCanvas: true }))).toBe('delete');
    expect(shortcutOf(press('Delete'))).toBeUndefined();
    expect(shortcutOf(press('Backspace', { inCanvas: true, inTextField: true }))).toBeUndefined();
  });

  it('deselects with Escape', () => {
    expect(shortcutOf(press('Escape', { inCanvas: true }))).toBe('deselect');
    expect(shortcutOf(press('a'))).toBeUndefined();
  });

  it("leaves a block's rich text with Escape, so a second Escape deselects the block", () => {
    expect(shortcutOf(press('Escape', { inCanvas: true, inTextField: true }))).toBe('leaveText');
    expect(shortcutOf(press('Escape', { inTextField: true }))).toBeUndefined();
  });
});
