import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { richTextCss } from './rich-text-css.ts';
import { richTextView } from './rich-text-view.ts';

type EditorModule = typeof import('./RichTextEditor.tsx');

// Tiptap is most of the editor's JavaScript: it loads when the pointer first comes over a text (a
// click is likely to follow), or at the first edit, never while the page is still starting.
// Not React.lazy: its Suspense retry renders with time slicing, and Tiptap's useEditor destroys an
// editor whose component has not committed within 1 ms of its first render.
let loaded: EditorModule | undefined;
let loading: Promise<EditorModule> | undefined;

function loadEditor(): Promise<EditorModule> {
  loading ??= import('./RichTextEditor.tsx').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined; // the next selection tries again
      throw error;
    },
  );
  return loading;
}

const preloadEditor = () => void loadEditor().catch(() => undefined);

/** The rich-text editor's module when `editable` and loaded; `failed` when it could not load. */
function useEditorModule(editable: boolean): { module?: EditorModule; failed: boolean } {
  const [module, setModule] = useState(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!editable || module) return;
    let live = true;
    setFailed(false);
    loadEditor().then(
      (next) => live && setModule(next),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [editable, module]);
  return { module: editable ? (module ?? loaded) : undefined, failed: editable && failed };
}

/**
 * A block's rich text: edited in place with Tiptap while the block is selected, shown as purified
 * markup otherwise (the tags the server's sanitizer keeps, so both look the same).
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
  /** The editable text's accessible name, e.g. "Text text". */
  label: string;
  linkColor: string;
  style?: CSSProperties;
}) {
  const { module, failed } = useEditorModule(editable);
  // Purified once per text, not on every render of the canvas (a keystroke elsewhere redraws it).
  const view = useMemo(() => richTextView(html), [html]);
  return (
    <div
      className="mf-rich-text"
      style={{ ...style, ['--mf-link-color' as string]: linkColor }}
      onPointerEnter={module ? undefined : preloadEditor}
    >
      <style>{richTextCss}</style>
      {module ? (
        <module.RichTextEditor html={html} onChange={onChange} label={label} />
      ) : (
        <div
          className="ProseMirror"
          data-testid="rich-text"
          // Only shown: a click or Tab reaches the block around it (a link here never leaves the editor).
          inert
          // Purified by richTextView to the sanitizer's tags, links with checked addresses.
          dangerouslySetInnerHTML={{ __html: view }}
        />
      )}
      {failed ? (
        <p role="alert" className="mf-rich-text-failed">
          The text editor could not load. Check the connection, then select the block again.
        </p>
      ) : null}
    </div>
  );
}
