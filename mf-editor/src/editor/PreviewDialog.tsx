import type { DesignRendered } from '@app/contract/editor/embed-api';
import { type CSSProperties, useEffect, useState } from 'react';
import { SwitchField } from '../blocks/fields/SwitchField.tsx';
import { previewDocument } from './dark-preview.ts';
import { useEditor } from './editor-context.ts';
import { fill } from './i18n.ts';
import { withSamples } from './merge-samples.ts';

export const previewWidths = { desktop: 600, mobile: 375 } as const;

/** The engine's real output of the present design (POST /render) in a sandboxed frame. */
export function PreviewDialog({
  open,
  mobile,
  dark,
  onClose,
}: {
  open: boolean;
  mobile: boolean;
  dark: boolean;
  onClose(): void;
}) {
  const { store, client, labels, mergeSamples } = useEditor();
  const [rendered, setRendered] = useState<DesignRendered | undefined>(undefined);
  /** Merge tags shown as a reader would see them (made-up values), or as written. */
  const [samples, setSamples] = useState(true);
  const shown = (text: string, kind: 'html' | 'text') =>
    samples ? withSamples(text, mergeSamples, kind) : text;
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!open) return;
    let current = true;
    setRendered(undefined);
    setError(undefined);
    client.render(store.$design.get()).then(
      (result) => current && setRendered(result),
      (failure: Error) => current && setError(fill(labels.renderFailed, { message: failure.message })),
    );
    return () => {
      current = false;
    };
  }, [open, client, store, labels]);
  const width = mobile ? previewWidths.mobile : previewWidths.desktop;
  return (
    <sl-dialog
      label={labels.preview}
      open={open}
      onsl-request-close={onClose}
      style={{ '--width': '720px' } as CSSProperties}
    >
      {error && (
        <p role="alert" className="ee-findings">
          {error}
        </p>
      )}
      {!rendered && !error && <sl-spinner aria-label={labels.rendering} />}
      {rendered && (
        <>
          {rendered.findings.length > 0 && (
            <section className="ee-findings" aria-label={labels.findings}>
              <strong>{labels.findings}</strong>
              <ul>
                {rendered.findings.map((finding) => (
                  <li key={`${finding.line}-${finding.tag}-${finding.message}`}>
                    {`${finding.tag} (${finding.line}): ${finding.message}`}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <SwitchField label={labels.sampleValues} checked={samples} onChange={setSamples} />
          <iframe
            className="ee-preview__frame"
            title={labels.preview}
            sandbox=""
            srcDoc={previewDocument(shown(rendered.html, 'html'), dark)}
            style={{ width }}
            data-testid="preview-frame"
          />
          <details>
            <summary>{labels.plainText}</summary>
            <pre className="ee-text-version">{shown(rendered.text, 'text')}</pre>
          </details>
        </>
      )}
    </sl-dialog>
  );
}
