import type { EmailDesign } from '@app/contract/editor/design';
import { withUnsubscribeFooter } from '@app/contract/marketing/campaign-footer';
import type { Campaign, CampaignPatch } from '@app/contract/marketing/campaigns';
import { Alert, Button, EmbeddedEmailEditor, showToast, TextAreaField } from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';

/**
 * The campaign's content: the block editor on the campaign's own design (a new campaign starts with
 * the unsubscribe footer), each Save or Ctrl+S storing it on the campaign; or, for a campaign given
 * HTML through the API, that HTML.
 */
export function CampaignContent({
  campaign,
  needsFooter,
  save,
}: {
  campaign: Campaign;
  /** The ready check found no unsubscribe link: offer to add the footer. */
  needsFooter: boolean;
  save: (patch: CampaignPatch) => Promise<unknown>;
}) {
  const content = campaign.content;
  // The editor starts from this design; it is mounted anew (`opened`) when the page changes it.
  const [start, setStart] = useState<{ design: EmailDesign; opened: number }>(() => ({
    design:
      content && 'design' in content ? content.design : withUnsubscribeFooter(null, window.location.origin),
    opened: 0,
  }));
  const [latest, setLatest] = useState<EmailDesign | null>(
    content && 'design' in content ? content.design : null,
  );

  if (content && 'html' in content) return <HtmlContent html={content.html} save={save} />;

  const addFooter = async () => {
    const design = withUnsubscribeFooter(latest, window.location.origin);
    try {
      await save({ content: { design } });
      setLatest(design);
      setStart({ design, opened: start.opened + 1 });
      showToast({ type: 'success', message: 'The unsubscribe footer is added at the end of the content.' });
    } catch (error) {
      showToast({ type: 'danger', message: serverMessage(error) });
    }
  };

  return (
    <>
      {needsFooter ? (
        <Alert type="warning">
          Every campaign needs an unsubscribe link. Add the footer with one (to the content as last saved), or
          put a link with <code>data-msys-unsubscribe="1"</code> in an Html block.{' '}
          <Button size="small" variant="secondary" onClick={() => void addFooter()}>
            Add unsubscribe footer
          </Button>
        </Alert>
      ) : null}
      <EmbeddedEmailEditor
        key={start.opened}
        design={start.design}
        onSave={(saved) => {
          save({ content: { design: saved.design } }).then(
            () => {
              setLatest(saved.design);
              showToast({ type: 'success', message: 'The content is saved.' });
            },
            (error: unknown) =>
              showToast({ type: 'danger', message: `The content was not saved: ${serverMessage(error)}` }),
          );
        }}
      />
    </>
  );
}

function HtmlContent({ html, save }: { html: string; save: (patch: CampaignPatch) => Promise<unknown> }) {
  const [text, setText] = useState(html);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      aria-label="Campaign HTML"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        try {
          await save({ content: { html: text } });
          showToast({ type: 'success', message: 'The HTML is saved.' });
        } catch (error) {
          showToast({ type: 'danger', message: serverMessage(error) });
        } finally {
          setBusy(false);
        }
      }}
    >
      <TextAreaField
        label="HTML"
        hint="This campaign's content was given as HTML; merge tags like {{firstname}} work in it"
        rows={14}
        value={text}
        onChange={setText}
      />
      <Button type="submit" busy={busy}>
        Save HTML
      </Button>
    </form>
  );
}
