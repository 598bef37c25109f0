import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { useContext, useState } from 'react';
import { errorStyle } from '../fields/field-style.ts';
import { linkError, mergeTagName } from '../fields/validation.ts';
import { MergeTagsContext } from './merge-tags.ts';

const marks = [
  {
    name: 'bold',
    label: 'Bold',
    glyph: 'B',
    toggle: (editor: Editor) => editor.chain().focus().toggleBold().run(),
  },
  {
    name: 'italic',
    label: 'Italic',
    glyph: 'I',
    toggle: (editor: Editor) => editor.chain().focus().toggleItalic().run(),
  },
  {
    name: 'underline',
    label: 'Underline',
    glyph: 'U',
    toggle: (editor: Editor) => editor.chain().focus().toggleUnderline().run(),
  },
  {
    name: 'bulletList',
    label: 'Bullet list',
    glyph: '•',
    toggle: (editor: Editor) => editor.chain().focus().toggleBulletList().run(),
  },
  {
    name: 'orderedList',
    label: 'Numbered list',
    glyph: '1.',
    toggle: (editor: Editor) => editor.chain().focus().toggleOrderedList().run(),
  },
] as const;

const customTag = '__custom';

/** Read by screen readers and speech input, not drawn. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Bold, italic, underline, link, lists and "Insert merge tag" over a selected rich text. */
export function RichTextToolbar({ editor, label }: { editor: Editor; label: string }) {
  const [error, setError] = useState<string>();
  const mergeTags = useContext(MergeTagsContext);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });

  const editLink = () => {
    const current = (editor.getAttributes('link').href as string | undefined) ?? '';
    const typed = window.prompt(
      'Link address (https://, mailto:, tel: or {{tag}}); empty removes the link',
      current,
    );
    if (typed === null) return;
    const href = typed.trim();
    if (!href) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setError(undefined);
      return;
    }
    const problem = linkError(href);
    setError(problem && `Link not set: ${problem.toLowerCase()}`);
    if (!problem) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  };

  const insertTag = (picked: string) => {
    const name =
      picked === customTag ? mergeTagName(window.prompt('Merge tag name, e.g. order_number') ?? '') : picked;
    if (picked === customTag && name === undefined) {
      setError('Tag not inserted: use letters, digits, "_" or "."');
      return;
    }
    setError(undefined);
    if (name) editor.chain().focus().insertContent(`{{${name}}}`).run();
  };

  return (
    <div
      className="mf-rich-text-toolbar"
      role="toolbar"
      aria-label={`${label} formatting`}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 4,
        padding: 4,
        background: '#f3f4f6',
        marginBlockEnd: 4,
      }}
      // Keeps the text's selection while a button is pressed.
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).tagName !== 'SELECT') event.preventDefault();
      }}
    >
      {marks.map((mark) => (
        <button
          key={mark.name}
          type="button"
          aria-pressed={active?.[mark.name] ?? false}
          onClick={() => mark.toggle(editor)}
        >
          {/* The name is the words (a glyph like "1." is not a name that speech input can match). */}
          <span aria-hidden="true">{mark.glyph}</span>
          <span style={visuallyHidden}>{mark.label}</span>
        </button>
      ))}
      <button type="button" aria-label="Link" aria-pressed={active?.link ?? false} onClick={editLink}>
        Link
      </button>
      {mergeTags ? (
        <select
          aria-label="Insert merge tag"
          value=""
          onChange={(event) => {
            insertTag(event.target.value);
            event.target.value = '';
          }}
        >
          <option value="">Insert merge tag</option>
          {mergeTags.map((tag) => (
            <option key={tag} value={tag}>
              {`{{${tag}}}`}
            </option>
          ))}
          <option value={customTag}>Custom tag…</option>
        </select>
      ) : null}
      {error ? (
        <div role="alert" style={{ ...errorStyle, flexBasis: '100%' }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
