import type { TemplatePreview } from '@app/contract';
import { Tabs } from '@app/shared';
import { mailTabs } from '../mail-view.tsx';

/**
 * A message as the engine rendered it: from, subject, then the HTML (sanitized, in an iframe with
 * every sandbox flag off, so it runs no script and cannot reach the console) and the text.
 */
export function RenderedMessage({ preview, label }: { preview: TemplatePreview; label: string }) {
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
        tabs={mailTabs(
          { html: preview.html ?? null, text: preview.text ?? null },
          { frameTitle: label, note: false, textTestId: 'rendered-text' },
        )}
      />
    </div>
  );
}
