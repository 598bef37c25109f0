import type { EditorView } from 'codemirror';

export type CodeLanguage = 'html' | 'json' | 'text';

/**
 * A CodeMirror 6 editor in `parent`, loaded on first use (dynamic imports: only the template
 * editor's page downloads CodeMirror and the languages it needs). `label` names the editing area
 * for assistive technology.
 */
export async function createCodeEditor({
  parent,
  doc,
  language,
  label,
  describedBy,
  onChange,
}: {
  parent: HTMLElement;
  doc: string;
  language: CodeLanguage;
  label: string;
  describedBy?: string;
  onChange: (value: string) => void;
}): Promise<EditorView> {
  const [{ EditorView, basicSetup }, languageSupport] = await Promise.all([
    import('codemirror'),
    language === 'html'
      ? import('@codemirror/lang-html').then((module) => [module.html()])
      : language === 'json'
        ? import('@codemirror/lang-json').then((module) => [module.json()])
        : Promise.resolve([]),
  ]);
  return new EditorView({
    doc,
    parent,
    extensions: [
      basicSetup,
      ...languageSupport,
      // Long lines wrap and the editor grows with its content: it never scrolls by itself, so no
      // scrolling region is left that a keyboard user could not reach.
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) onChange(update.state.doc.toString());
      }),
      editorTheme(EditorView),
    ],
  });
}

/**
 * Readable contrast (WCAG AA): darker line numbers, and no tinted backgrounds behind the text
 * (the active line, the matching bracket), on which the default highlighting's tag-name green
 * (#085, 4.5:1 on white) falls under 4.5:1.
 */
function editorTheme(view: typeof EditorView) {
  return view.theme({
    '&': {
      border: '1px solid var(--sl-input-border-color, #ccc)',
      borderRadius: 'var(--sl-input-border-radius-medium, 4px)',
      fontSize: '13px',
    },
    '&.cm-focused': { outline: '2px solid var(--sl-color-primary-600, #0369a1)' },
    '.cm-scroller': { minHeight: '12rem' },
    '.cm-gutters': { color: '#4b5563', backgroundColor: '#f3f4f6' },
    '.cm-activeLineGutter': { color: '#111827', backgroundColor: '#e5e7eb' },
    '.cm-activeLine': { backgroundColor: 'transparent' },
    '&.cm-focused .cm-matchingBracket, &.cm-focused .cm-nonmatchingBracket': {
      backgroundColor: 'transparent',
      outline: '1px solid #4b5563',
    },
  });
}
