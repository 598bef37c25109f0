import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { richTextExtensions } from './extensions.ts';
import { RichTextToolbar } from './RichTextToolbar.tsx';

/**
 * The Tiptap editor of a selected block's rich text, with its toolbar. Loaded on demand
 * (RichText.tsx): Tiptap is most of the editor's JavaScript.
 */
export function RichTextEditor({
  html,
  onChange,
  label,
}: {
  html: string;
  onChange(html: string): void;
  /** The editable element's accessible name, e.g. "Text text". */
  label: string;
}) {
  const onChangeRef = useRef(onChange);
  /**
   * The html handed out and not yet seen back in props. Props lag behind fast typing, so an echo of
   * an older keystroke must not replace the text; any other html (undo, redo) is an outside change.
   */
  const pending = useRef<string[]>([]);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // Changed options make useEditor call setOptions on each render: keep them the same objects.
  const [initialHtml] = useState(html);
  const editorProps = useMemo(
    () => ({
      attributes: {
        'data-testid': 'rich-text',
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
      },
    }),
    [label],
  );
  // Null, or destroyed, for the moment Tiptap replaces an editor it gave up on (see RichText.tsx).
  const editor: Editor | null = useEditor({
    extensions: richTextExtensions,
    content: initialHtml,
    editable: true,
    injectCSS: false,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const next = current.getHTML();
      pending.current.push(next);
      onChangeRef.current(next);
    },
  });

  // Undo, redo and other outside changes replace the text; the user's own typing is already in it.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const echo = pending.current.indexOf(html);
    if (echo >= 0) {
      pending.current.splice(0, echo + 1);
      return;
    }
    pending.current = [];
    if (html !== editor.getHTML()) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);

  if (!editor || editor.isDestroyed) return null;
  return (
    <>
      <RichTextToolbar editor={editor} label={label} />
      <EditorContent editor={editor} />
    </>
  );
}
