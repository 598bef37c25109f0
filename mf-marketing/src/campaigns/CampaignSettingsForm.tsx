import type { CampaignCategory } from '@app/contract/marketing/campaign-categories';
import { sendRateLimits } from '@app/contract/marketing/campaign-messages';
import type { Campaign, CampaignPatch } from '@app/contract/marketing/campaigns';
import type { Sender } from '@app/contract/marketing/senders';
import { AppLink, Button, FormError, SelectField, TextField } from '@app/shared';
import { forwardRef, useImperativeHandle, useState } from 'react';
import { serverMessage } from '../server-message.ts';

type Settings = Pick<Campaign, 'name' | 'subject' | 'preheader' | 'senderId' | 'replyTo' | 'categoryId'> & {
  /** As typed: empty for no limit. */
  sendRate: string;
};

const rateWords = `A send rate is ${sendRateLimits.min} to ${sendRateLimits.max} contacts an hour`;

/** The typed send rate as the API takes it: null for none, undefined when it is not a rate. */
function rateOf(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const rate = Number(text);
  return Number.isInteger(rate) && rate >= sendRateLimits.min && rate <= sendRateLimits.max
    ? rate
    : undefined;
}

/** What the form checks before the server does (the server's schema words). */
function problemsOf(settings: Settings): Partial<Record<keyof Settings, string>> {
  const problems: Partial<Record<keyof Settings, string>> = {};
  if (settings.name.trim() === '') problems.name = 'Enter the campaign name';
  if (settings.subject.length > 250) problems.subject = 'A subject has at most 250 characters';
  if (settings.preheader.length > 250) problems.preheader = 'A preheader has at most 250 characters';
  if (settings.replyTo && !/^[^\s@]+@[^\s@]+$/.test(settings.replyTo))
    problems.replyTo = 'Enter a valid reply-to address';
  if (rateOf(settings.sendRate) === undefined) problems.sendRate = rateWords;
  return problems;
}

export interface SettingsHandle {
  /** Saves the settings as typed (Ctrl+S on the page). */
  save(): void;
}

/**
 * The campaign's name, subject, preheader, sender (validated senders only: mail goes out only from
 * a confirmed address) and reply-to; Save (or Ctrl+S anywhere on the page) stores them.
 */
export const CampaignSettingsForm = forwardRef<
  SettingsHandle,
  {
    campaign: Campaign;
    senders: readonly Sender[];
    categories: readonly CampaignCategory[];
    save: (patch: CampaignPatch) => Promise<unknown>;
  }
>(function CampaignSettingsForm({ campaign, senders, categories, save }, ref) {
  const [settings, setSettings] = useState<Settings>({
    name: campaign.name,
    subject: campaign.subject,
    preheader: campaign.preheader,
    senderId: campaign.senderId,
    replyTo: campaign.replyTo,
    categoryId: campaign.categoryId,
    sendRate: campaign.sendRate === null ? '' : String(campaign.sendRate),
  });
  const [problems, setProblems] = useState<Partial<Record<keyof Settings, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Settings>) => setSettings((current) => ({ ...current, ...patch }));

  const submit = async () => {
    const found = problemsOf(settings);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await save({
        name: settings.name.trim(),
        subject: settings.subject.trim(),
        preheader: settings.preheader.trim(),
        senderId: settings.senderId,
        replyTo: settings.replyTo?.trim() || null,
        categoryId: settings.categoryId,
        sendRate: rateOf(settings.sendRate) ?? null,
      });
    } catch (error) {
      setFailure(serverMessage(error));
    } finally {
      setBusy(false);
    }
  };
  useImperativeHandle(ref, () => ({ save: () => void submit() }));

  const validated = senders.filter((sender) => sender.validated);
  const options = validated.map((sender) => ({
    value: sender.id,
    label: `${sender.name} <${sender.email}>`,
  }));
  return (
    <form
      noValidate
      aria-label="Campaign settings"
      style={{ maxWidth: 640 }}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormError message={failure} />
      <TextField
        label="Campaign name"
        name="name"
        maxLength={200}
        value={settings.name}
        error={problems.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      <TextField
        label="Subject"
        name="subject"
        hint="Merge tags work here too: {{firstname}}"
        maxLength={250}
        value={settings.subject}
        error={problems.subject}
        onChange={(event) => set({ subject: event.target.value })}
      />
      <TextField
        label="Preheader (optional)"
        name="preheader"
        hint="The line inboxes show after the subject"
        maxLength={250}
        value={settings.preheader}
        error={problems.preheader}
        onChange={(event) => set({ preheader: event.target.value })}
      />
      <SelectField
        label="Sender"
        value={settings.senderId ?? ''}
        options={options}
        placeholder={options.length === 0 ? 'No validated sender yet' : 'Choose a sender ...'}
        hint={
          options.length === 0
            ? 'Add a sender in Manage Sender and follow the link mailed to it'
            : 'Only validated senders are offered'
        }
        onChange={(senderId) => set({ senderId: senderId || null })}
      />
      {options.length === 0 ? (
        <p>
          <AppLink to="/sender">Manage Sender</AppLink>
        </p>
      ) : null}
      <TextField
        label="Reply-to (optional)"
        name="replyTo"
        type="email"
        hint="Empty for the sender's own reply-to"
        maxLength={254}
        value={settings.replyTo ?? ''}
        error={problems.replyTo}
        onChange={(event) => set({ replyTo: event.target.value })}
      />
      <SelectField
        label="Category (optional)"
        value={settings.categoryId ?? ''}
        options={[
          { value: '', label: 'No category' },
          ...categories.map((category) => ({ value: category.id, label: category.name })),
        ]}
        onChange={(categoryId) => set({ categoryId: categoryId || null })}
      />
      <TextField
        label="Send rate (optional)"
        name="sendRate"
        type="number"
        min={sendRateLimits.min}
        max={sendRateLimits.max}
        hint="At most this many contacts an hour, sent a minute's share at a time; empty to send as fast as possible"
        value={settings.sendRate}
        error={problems.sendRate}
        onChange={(event) => set({ sendRate: event.target.value })}
      />
      <Button type="submit" busy={busy} aria-keyshortcuts="Control+S">
        Save settings
      </Button>
    </form>
  );
});
