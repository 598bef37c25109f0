import { sanitizeMailPreview } from '@app/shared/ui/sanitize';
import type { CSSProperties } from 'react';
import { useMemo } from 'react';

const frameStyle: CSSProperties = {
  width: '100%',
  minHeight: 480,
  border: '1px solid var(--app-border)',
  borderRadius: 8,
  background: '#fff',
};

const textStyle: CSSProperties = {
  margin: 0,
  padding: 12,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: '0.85rem',
  background: 'var(--app-bg)',
  borderRadius: 8,
  maxHeight: 600,
  overflow: 'auto',
};

/**
 * A mail's HTML as its reader would see it, made safe: sanitized (no scripts, no handlers, no open
 * pixels), then shown in an iframe with every sandbox flag off, so it cannot reach the console.
 * Used by the sandbox inbox, production activity and the template preview.
 */
export function MailHtml({
  html,
  title,
  note = true,
}: {
  html: string | null;
  title: string;
  note?: boolean;
}) {
  const safe = useMemo(() => (html ? sanitizeMailPreview(html) : null), [html]);
  if (safe === null) return <p className="muted">This message has no HTML part.</p>;
  return (
    <>
      <iframe sandbox="" srcDoc={safe} title={title} style={frameStyle} referrerPolicy="no-referrer" />
      {note ? (
        <p className="muted">
          Shown sanitized and isolated: scripts do not run and remote images are not loaded.
        </p>
      ) : null}
    </>
  );
}

/** A mail's text part, wrapped and scrollable. */
export function MailText({ text, testId }: { text: string | null; testId?: string }) {
  if (!text) return <p className="muted">This message has no text part.</p>;
  return (
    <pre style={textStyle} data-testid={testId}>
      {text}
    </pre>
  );
}

/**
 * The HTML and text tabs of a mail view (the sandbox inbox, production activity, the template
 * preview); pages add their own tabs (source, headers) after them.
 */
export function mailTabs(
  mail: { html: string | null; text: string | null },
  options: { frameTitle: string; note?: boolean; textTestId?: string },
) {
  return [
    {
      id: 'html',
      title: 'HTML preview',
      content: <MailHtml html={mail.html} title={options.frameTitle} note={options.note ?? true} />,
    },
    { id: 'text', title: 'Text', content: <MailText text={mail.text} testId={options.textTestId} /> },
  ];
}
