import type { DesignRendered } from '@app/contract/editor/embed-api';
import { type CSSProperties, useEffect, useState } from 'react';
import { previewDocument } from './dark-preview.ts';
import { useEditor } from './editor-context.ts';
import { fill } from './i18n.ts';

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
  const { store, client, labels } = useEditor();
  const [rendered, setRendered] = useState<DesignRendered | undefined>(undefined);
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
          <iframe
            className="ee-preview__frame"
            title={labels.preview}
            sandbox=""
            srcDoc={previewDocument(rendered.html, dark)}
            style={{ width }}
            data-testid="preview-frame"
          />
          <details>
            <summary>{labels.plainText}</summary>
            <pre className="ee-text-version">{rendered.text}</pre>
          </details>
        </>
      )}
    </sl-dialog>
  );
}
