import type { EmailDesign } from '@app/contract/editor/design';
import { abVersionNames } from '@app/contract/marketing/ab-test-words';
import { withUnsubscribeFooter } from '@app/contract/marketing/campaign-footer';
import type { Campaign, CampaignPatch, AbSettings as Settings } from '@app/contract/marketing/campaigns';
import { Alert, Button, EmbeddedEmailEditor, SelectField, showToast, TextAreaField } from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';

type Save = (patch: CampaignPatch) => Promise<unknown>;

/**
 * The content to compose: an A/B test's versions each in turn (A is the campaign's own content, the
 * others may have theirs), one editor at a time.
 */
export function CampaignContent(props: { campaign: Campaign; needsFooter: boolean; save: Save }) {
  const { campaign, save } = props;
  const [version, setVersion] = useState(0);
  const ab = campaign.ab;
  if (!ab) return <VersionAContent {...props} />;
  const shown = Math.min(version, ab.versions.length);
  return (
    <>
      <SelectField
        label="Compose the content of"
        value={String(shown)}
        options={[ab.versions.length + 1].flatMap((count) =>
          Array.from({ length: count }, (_, at) => ({
            value: String(at),
            label: `Version ${abVersionNames[at]}`,
          })),
        )}
        onChange={(next) => setVersion(Number(next))}
      />
      {shown === 0 ? (
        <VersionAContent {...props} />
      ) : (
        <VersionContent key={shown} campaign={campaign} ab={ab} index={shown - 1} save={save} />
      )}
    </>
  );
}

/**
 * Version B to D of an A/B test: A's content, or its own (a copy of A's to start from) composed in the
 * editor and stored as `ab.versions[].content`.
 */
function VersionContent({
  campaign,
  ab,
  index,
  save,
}: {
  campaign: Campaign;
  ab: Settings;
  index: number;
  save: Save;
}) {
  const name = abVersionNames[index + 1];
  const own = ab.versions[index]?.content;
  const withContent = (content: Settings['versions'][number]['content']) =>
    save({
      ab: {
        ...ab,
        versions: ab.versions.map((one, at) => {
          if (at !== index) return one;
          const { content: _, ...rest } = one;
          return content ? { ...rest, content } : rest;
        }),
      },
    });
  const change = (content: Settings['versions'][number]['content'], done: string) =>
    withContent(content).then(
      () => showToast({ type: 'success', message: done }),
      (error: unknown) => showToast({ type: 'danger', message: serverMessage(error) }),
    );
  const aContent = campaign.content;
  if (!own) {
    return (
      <p>
        Version {name} sends the content of version A.{' '}
        <Button
          size="small"
          variant="secondary"
          onClick={() =>
            void change(
              aContent ?? { design: withUnsubscribeFooter(null, window.location.origin) },
              `Version ${name} has its own content now, a copy of A's to change.`,
            )
          }
        >
          Give version {name} its own content
        </Button>
      </p>
    );
  }
  return (
    <>
      <p>
        <Button
          size="small"
          variant="secondary"
          onClick={() => void change(undefined, `Version ${name} sends the content of version A again.`)}
        >
          Send version A's content instead
        </Button>
      </p>
      {'html' in own ? (
        <HtmlContent html={own.html} save={(patch) => withContent(patch.content ?? own)} />
      ) : (
        <EmbeddedEmailEditor
          design={own.design}
          onSave={(saved) =>
            void change({ design: saved.design }, `The content of version ${name} is saved.`)
          }
        />
      )}
    </>
  );
}

/**
 * The campaign's content: the block editor on the campaign's own design (a new campaign starts with
 * the unsubscribe footer), each Save or Ctrl+S storing it on the campaign; or, for a campaign given
 * HTML through the API, that HTML.
 */
function VersionAContent({
  campaign,
  needsFooter,
  save,
}: {
  campaign: Campaign;
  /** The ready check found no unsubscribe link: offer to add the footer. */
  needsFooter: boolean;
  save: Save;
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

function HtmlContent({ html, save }: { html: string; save: Save }) {
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
