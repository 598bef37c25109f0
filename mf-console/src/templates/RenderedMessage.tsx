import { sanitizeMailPreview, Tabs } from '@app/shared';
import { useMemo } from 'react';
import type { RenderedPreview } from './api.ts';
import { styles } from './styles.ts';

/**
 * A message as the engine rendered it: from, subject, then the HTML (sanitized, in an iframe with
 * every sandbox flag off, so it runs no script and cannot reach the console) and the text.
 */
export function RenderedMessage({ preview, label }: { preview: RenderedPreview; label: string }) {
  const html = useMemo(() => (preview.html ? sanitizeMailPreview(preview.html) : null), [preview.html]);
  const from = preview.from
    ? preview.from.name
      ? `${preview.from.name} <${preview.from.email}>`
      : preview.from.email
    : null;
  return (
    <div data-testid="rendered-message">
      <dl className="app-definitions">
        {from ? (
          <>
            <dt>From</dt>
            <dd>{from}</dd>
          </>
        ) : null}
        <dt>Subject</dt>
        <dd>{preview.subject || '(no subject)'}</dd>
        {preview.reply_to ? (
          <>
            <dt>Reply-To</dt>
            <dd>{preview.reply_to}</dd>
          </>
        ) : null}
      </dl>
      <Tabs
        label={`${label} views`}
        tabs={[
          {
            id: 'html',
            title: 'HTML',
            content:
              html === null ? (
                <p className="muted">No HTML version.</p>
              ) : (
                <iframe
                  sandbox=""
                  srcDoc={html}
                  title={label}
                  style={styles.frame}
                  referrerPolicy="no-referrer"
                />
              ),
          },
          {
            id: 'text',
            title: 'Text',
            content: preview.text ? (
              <pre style={styles.pre} data-testid="rendered-text">
                {preview.text}
              </pre>
            ) : (
              <p className="muted">No text version.</p>
            ),
          },
        ]}
      />
    </div>
  );
}
