import { EditorContent, useEditor } from '@tiptap/react';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { richTextExtensions } from './extensions.ts';
import { RichTextToolbar } from './RichTextToolbar.tsx';
import { richTextCss } from './rich-text-css.ts';

/**
 * A block's rich text, edited in place while the block is selected and shown read-only otherwise.
 * Read-only is the same editor, not the raw html: the stored markup goes through Tiptap's schema,
 * so nothing outside the sanitizer's tags reaches the canvas.
 */
export function RichText({
  html,
  onChange,
  editable,
  label,
  linkColor,
  style,
}: {
  html: string;
  onChange(html: string): void;
  editable: boolean;
  /** The editable element's accessible name, e.g. "Text text". */
  label: string;
  linkColor: string;
  style?: CSSProperties;
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
  const editor = useEditor({
    extensions: richTextExtensions,
    content: initialHtml,
    editable,
    injectCSS: false,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const next = current.getHTML();
      pending.current.push(next);
      onChangeRef.current(next);
    },
  });

  useEffect(() => {
    editor.setEditable(editable, false);
  }, [editor, editable]);

  // Undo, redo and other outside changes replace the text; the user's own typing is already in it.
  useEffect(() => {
    const echo = pending.current.indexOf(html);
    if (echo >= 0) {
      pending.current.splice(0, echo + 1);
      return;
    }
    pending.current = [];
    if (html !== editor.getHTML()) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);

  return (
    <div className="mf-rich-text" style={{ ...style, ['--mf-link-color' as string]: linkColor }}>
      <style>{richTextCss}</style>
      {editable ? <RichTextToolbar editor={editor} label={label} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}
