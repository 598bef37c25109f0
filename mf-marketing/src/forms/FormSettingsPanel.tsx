import type { FormCaptchaKind, FormSettings } from '@app/contract/marketing/forms';
import { Panel, SelectField, SwitchField, TextAreaField, TextField } from '@app/shared';
import { LabelChoice } from '../contacts/LabelChoice.tsx';
import type { FormDraft } from './api.ts';
import type { FormCompanyChoices } from './FormDraftEditor.tsx';
import { HostedPageSettings } from './HostedPageSettings.tsx';

const captchaChoices: { value: FormCaptchaKind; label: string }[] = [
  { value: 'proofOfWork', label: 'Proof of work (built in, no third party)' },
  { value: 'hcaptcha', label: 'hCaptcha' },
  { value: 'turnstile', label: 'Cloudflare Turnstile' },
  { value: 'recaptcha', label: 'reCAPTCHA v2' },
];

/**
 * What the form does with an answer, how it looks and what it says: the builder's side panel. A
 * template's form (no `company`) has no sender, labels, thank-you page or webhook: those are chosen
 * once the template is used.
 */
export function FormSettingsPanel({
  draft,
  company,
  problems,
  onChange,
}: {
  draft: FormDraft;
  company?: Omit<FormCompanyChoices, 'loading'> | undefined;
  /** The server's refusal of a setting, by its field (settings.selectedSenderId...). */
  problems: Readonly<Record<string, string>>;
  onChange: (next: FormDraft) => void;
}) {
  const settings = draft.settings;
  const set = (patch: Partial<FormSettings>) => onChange({ ...draft, settings: { ...settings, ...patch } });
  const validated = (company?.senders ?? []).filter((sender) => sender.validated);
  const confirms = draft.saveToContact && draft.optin;
  const senderChoice = (
    <SelectField
      label={confirms ? 'Confirmation email from' : "The form's sender (copies go to its address)"}
      value={settings.selectedSenderId ?? ''}
      placeholder="Choose a validated sender"
      options={validated.map((sender) => ({
        value: sender.id,
        label: `${sender.name} <${sender.email}>`,
      }))}
      error={problems['settings.selectedSenderId']}
      hint={validated.length === 0 ? 'Add and validate a sender in Manage Sender first.' : undefined}
      onChange={(value) => set({ selectedSenderId: value || null })}
    />
  );
  return (
    <>
      <Panel title="Contacts">
        <SwitchField
          label="Save submissions as contacts"
          checked={draft.saveToContact}
          onChange={(saveToContact) => onChange({ ...draft, saveToContact })}
          hint="A question must then fill the email field."
        />
        {draft.saveToContact ? (
          <>
            <SwitchField
              label="Ask to confirm by email (double opt-in)"
              checked={draft.optin}
              onChange={(optin) => onChange({ ...draft, optin })}
              hint="The contact stays pending until the link in the confirmation email is followed."
            />
            <SwitchField
              label="Update existing contacts"
              checked={draft.allowUpdate}
              onChange={(allowUpdate) => onChange({ ...draft, allowUpdate })}
              hint="Answers replace the names and fields of a contact who is already in your book."
            />
            {draft.optin && company ? senderChoice : null}
            {company ? (
              <LabelChoice
                legend="Labels the contact joins"
                labels={company.labels}
                chosen={draft.labels}
                onChange={(chosen) => onChange({ ...draft, labels: chosen })}
              />
            ) : null}
          </>
        ) : null}
      </Panel>
      <Panel title="Behaviour">
        <SwitchField
          label="Conditional questions"
          checked={settings.enableConditional ?? false}
          onChange={(enableConditional) => set({ enableConditional })}
          hint="A Multiple Choice or Dropdown option can show other questions; they stay hidden until it is chosen."
        />
        <SwitchField
          label="One question at a time (wizard)"
          checked={settings.wizardMode ?? false}
          onChange={(wizardMode) => set({ wizardMode })}
        />
        <div className="app-form-row">
          <TextField
            label="Submit button"
            maxLength={60}
            value={settings.submitBtnTitle ?? 'Submit'}
            onChange={(event) => set({ submitBtnTitle: event.target.value })}
          />
          {settings.wizardMode ? (
            <>
              <TextField
                label="Next button"
                maxLength={60}
                value={settings.nextTitle ?? 'Next'}
                onChange={(event) => set({ nextTitle: event.target.value })}
              />
              <TextField
                label="Back button"
                maxLength={60}
                value={settings.backTitle ?? 'Back'}
                onChange={(event) => set({ backTitle: event.target.value })}
              />
            </>
          ) : null}
        </div>
        <SelectField
          label="One submission per answer to"
          value={settings.distinctIdField ?? ''}
          options={[
            { value: '', label: 'No question: any number of submissions' },
            ...draft.components
              .filter((component) => component.type === 'inputText' || component.type === 'inputPhone')
              .map((component) => ({
                value: component.id,
                label: component.setting.title || 'Untitled question',
              })),
          ]}
          error={problems['settings.distinctIdField']}
          hint="A second submission with the same answer (an email address, say) is refused."
          onChange={(value) => set({ distinctIdField: value || null })}
        />
        <TextAreaField
          label="After a submission, show"
          rows={2}
          value={settings.successMessage ?? ''}
          onChange={(successMessage) => set({ successMessage })}
        />
        {company ? (
          <>
            <SwitchField
              label="Send a copy of each submission to the form's sender"
              checked={settings.sendCopy ?? false}
              onChange={(sendCopy) => set({ sendCopy })}
              hint="Mailed to the sender's validated address, with the answers."
            />
            {settings.sendCopy && !confirms ? senderChoice : null}
          </>
        ) : null}
        {company ? (
          <SelectField
            label="Or go to a thank-you page"
            value={settings.redirectPageId ?? ''}
            options={[
              { value: '', label: 'No page' },
              ...company.thankYouPages.map((page) => ({
                value: page.pageId,
                label: page.published ? page.name : `${page.name} (not published: the message shows instead)`,
              })),
            ]}
            hint="A Thank You Page of yours (Page); an address below wins over it."
            onChange={(value) => set({ redirectPageId: value || null })}
          />
        ) : null}
        <TextField
          label="Or go to this address"
          type="url"
          placeholder="https://"
          maxLength={2000}
          value={settings.redirectUrl ?? ''}
          error={problems['settings.redirectUrl']}
          onChange={(event) => set({ redirectUrl: event.target.value.trim() || null })}
        />
        {company ? (
          <TextField
            label="Send each submission to (webhook)"
            type="url"
            placeholder="https://"
            maxLength={2000}
            value={settings.webhookUrl ?? ''}
            error={problems['settings.webhookUrl']}
            hint="Each submission is POSTed as JSON, signed (Standard Webhooks) and retried for 8 hours."
            onChange={(event) => set({ webhookUrl: event.target.value.trim() || null })}
          />
        ) : null}
        <TextAreaField
          label="Consent text"
          rows={2}
          value={settings.consentText ?? ''}
          hint="Shown above the submit button and kept with each contact's consent."
          onChange={(consentText) => set({ consentText })}
        />
      </Panel>
      {company ? (
        <Panel title="Spam protection">
          <SelectField
            label="Captcha"
            value={settings.captcha ?? 'proofOfWork'}
            options={captchaChoices}
            hint="Every submission must pass it; a hidden trap field and a limit per visitor apply too."
            onChange={(value) => set({ captcha: value as FormCaptchaKind })}
          />
          {settings.captcha && settings.captcha !== 'proofOfWork' ? (
            <div className="app-form-row">
              <TextField
                label="Site key"
                maxLength={200}
                value={settings.captchaSiteKey ?? ''}
                error={problems['settings.captchaSiteKey']}
                onChange={(event) => set({ captchaSiteKey: event.target.value.trim() || null })}
              />
              <TextField
                label="Secret key"
                type="password"
                autoComplete="off"
                maxLength={200}
                value={draft.captchaSecret ?? ''}
                placeholder={company.captchaSecretSet ? 'Kept: type a new one to replace it' : ''}
                error={problems.captchaSecret}
                hint="Sent only to the provider to check each visitor; never shown again."
                onChange={(event) => {
                  const { captchaSecret: _old, ...rest } = draft;
                  const secret = event.target.value.trim();
                  onChange(secret ? { ...rest, captchaSecret: secret } : rest);
                }}
              />
            </div>
          ) : null}
        </Panel>
      ) : null}
      <HostedPageSettings
        value={settings.instant}
        problems={problems}
        onChange={(instant) => set({ instant })}
      />
      <Panel title="Limit">
        <SwitchField
          label="Stop taking submissions after a number"
          checked={settings.limit ?? false}
          onChange={(limit) => set({ limit })}
        />
        {settings.limit ? (
          <div className="app-form-row">
            <TextField
              label="Submissions at most"
              type="number"
              min={1}
              value={String(settings.limitForm ?? 100)}
              error={problems['settings.limitForm']}
              onChange={(event) => set({ limitForm: Number(event.target.value) })}
            />
            <TextField
              label="Then show"
              maxLength={300}
              value={settings.limitMessage ?? ''}
              onChange={(event) => set({ limitMessage: event.target.value })}
            />
          </div>
        ) : null}
      </Panel>
    </>
  );
}
