import { Skeleton } from '@app/shared';
import type { EditorView } from 'codemirror';
import { useEffect, useId, useRef, useState } from 'react';
import { type CodeLanguage, createCodeEditor } from './code-mirror.ts';
import { styles } from './styles.ts';

/**
 * A labelled code editor field (CodeMirror 6, syntax highlighting), with a hint or an error under it.
 * `value` may change from outside (a reloaded template): the editor then shows it.
 */
export function CodeField({
  label,
  value,
  onChange,
  language,
  hint,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  language: CodeLanguage;
  hint?: string;
  error?: string;
}) {
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const [failed, setFailed] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const parent = host.current;
    if (!parent) return;
    createCodeEditor({
      parent,
      doc: latest.current.value,
      language,
      label,
      describedBy: `${id}-help`,
      onChange: (next) => latest.current.onChange(next),
    }).then(
      (editor) => {
        if (cancelled) editor.destroy();
        else {
          view.current = editor;
          setReady(true);
        }
      },
      (reason: unknown) => setFailed(reason instanceof Error ? reason.message : String(reason)),
    );
    return () => {
      cancelled = true;
      view.current?.destroy();
      view.current = null;
    };
  }, [language, label]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return (
    <div style={styles.code} data-invalid={error ? 'true' : undefined}>
      <div style={styles.codeLabel}>{label}</div>
      {ready || failed ? null : <Skeleton lines={4} label={`Loading the ${label} editor ...`} />}
      {failed ? (
        <p role="alert" className="app-field-error">
          The code editor could not be loaded: {failed}
        </p>
      ) : null}
      <div ref={host} />
      <div id={`${id}-help`}>
        {error ? (
          <div className="app-field-error" role="alert">
            {error}
          </div>
        ) : hint ? (
          <div className="app-field-hint">{hint}</div>
        ) : null}
      </div>
    </div>
  );
}
