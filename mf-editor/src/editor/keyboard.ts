// Which editor shortcut a key press means. Saving works everywhere (inputs and rich text too, so
// Ctrl+S never opens the browser's "Save page"). Undo/redo of the design, copy/paste of blocks and
// Escape leave text fields alone: there the field's own undo and clipboard apply. Escape in a block's
// rich text on the canvas leaves the text for its block (a second Escape then deselects it).
export type ShortcutAction =
  | 'save'
  | 'undo'
  | 'redo'
  | 'copy'
  | 'paste'
  | 'delete'
  | 'deselect'
  | 'leaveText';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** Focus is in an input, textarea, select or contenteditable (rich text). */
  inTextField: boolean;
  /** Focus is on the canvas (a block or the canvas itself). */
  inCanvas: boolean;
}

export function shortcutOf(press: KeyPress): ShortcutAction | undefined {
  const key = press.key.toLowerCase();
  const mod = (press.ctrlKey || press.metaKey) && !press.altKey;
  if (mod && key === 's') return 'save';
  if (press.inTextField && press.inCanvas && key === 'escape' && !mod && !press.altKey) return 'leaveText';
  if (press.inTextField) return undefined;
  if (mod && key === 'z') return press.shiftKey ? 'redo' : 'undo';
  if (mod && key === 'y' && !press.shiftKey) return 'redo';
  if (mod && key === 'c' && !press.shiftKey) return 'copy';
  if (mod && key === 'v' && !press.shiftKey) return 'paste';
  if (mod || press.altKey) return undefined;
  if (key === 'escape') return 'deselect';
  if ((key === 'delete' || key === 'backspace') && press.inCanvas) return 'delete';
  return undefined;
}

/** Whether `element` takes typing (so it keeps its own undo and clipboard). */
export function isTextField(element: Element | null): boolean {
  if (!element) return false;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select' || tag === 'sl-input' || tag === 'sl-textarea') return true;
  if (tag === 'input') {
    const type = (element as HTMLInputElement).type;
    return !['button', 'checkbox', 'radio', 'color', 'submit', 'reset', 'file', 'range'].includes(type);
  }
  return (element as HTMLElement).isContentEditable === true;
}
