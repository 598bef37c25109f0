import type { SandboxData } from '@app/contract';
import {
  Alert,
  AppLink,
  Button,
  FormError,
  formSchema,
  Panel,
  reloadTourFlags,
  SelectField,
  TextAreaField,
  TextField,
} from '@app/shared';
import { type FormEvent, useState } from 'react';
import { listMessages, sendTransmission } from './api.ts';
import { styles } from './styles.ts';

export interface TestContent {
  from: string;
  subject: string;
  text: string;
  html: string;
}

export const defaultContent = (from: string): TestContent => ({
  from,
  subject: 'Hello from the sandbox',
  text: 'This is a test email sent from the sandbox. It is kept in your sandbox inbox.',
  html:
    '<h1 style="font-family:sans-serif">Hello from the sandbox</h1>\n' +
    '<p style="font-family:sans-serif">This is a <strong>test email</strong> sent from the sandbox. ' +
    'It is kept in your sandbox inbox.</p>',
});

interface Sent {
  transmissionId: string;
  to: string;
  /** The inbox message of the send, when the sandbox kept one. */
  messageId: string | null;
}

/**
 * Sends a real transmission through the engine (POST /api/v1/transmissions with the session), to a
 * verified authorized recipient in the sandbox or to any address in production.
 */
export function TestEmailPanel({
  data,
  content,
  onContent,
  onSent,
}: {
  data: SandboxData;
  content: TestContent;
  onContent: (content: TestContent) => void;
  onSent: () => void;
}) {
  const sandbox = data.environment === 'sandbox';
  const verified = data.authorizedRecipients.items.filter((item) => item.verified);
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const recipient = sandbox && !verified.some((item) => item.email === to) ? (verified[0]?.email ?? '') : to;
  const quota = data.quota;

  const set = (name: keyof TestContent, value: string) => {
    onContent({ ...content, [name]: value });
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const problems: Record<string, string> = {};
    const email = await formSchema('emailSchema')();
    const isEmailAddress = (value: string) => email.safeParse(value).success;
    if (!isEmailAddress(recipient)) problems.to = 'Enter the address to send to';
    if (!isEmailAddress(content.from)) problems.from = 'Enter a sender address like test@example.com';
    if (content.subject.trim() === '') problems.subject = 'A subject is required';
    if (content.text.trim() === '' && content.html.trim() === '')
      problems.text = 'Write a text or an HTML body';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setSent(null);
    try {
      const answer = await sendTransmission({
        recipients: [{ address: { email: recipient } }],
        content: {
          from: content.from,
          subject: content.subject,
          ...(content.text.trim() ? { text: content.text } : {}),
          ...(content.html.trim() ? { html: content.html } : {}),
        },
      });
      const { id, total_accepted_recipients: accepted } = answer.results;
      if (accepted === 0) {
        setFormError(`The engine accepted no recipient for transmission ${id}.`);
        return;
      }
      let messageId: string | null = null;
      if (sandbox) {
        const found = await listMessages({ page: 1, size: 1, transmissionId: id }).catch(() => undefined);
        messageId = found?.items[0]?.id ?? null;
        // The server set sandboxEmailSent and sandboxTryProduction on this send: read them back.
        void reloadTourFlags();
      }
      setSent({ transmissionId: id, to: recipient, messageId });
      onSent();
    } catch (failure) {
      setFormError(failure instanceof Error ? failure.message : 'The email could not be sent');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel
      title="Send a test email"
      actions={
        sandbox && quota.enabled && quota.quota !== -1 ? (
          <span className="muted">
            {quota.usage} of {quota.quota} sandbox emails sent today
          </span>
        ) : null
      }
    >
      {sandbox && verified.length === 0 ? (
        <Alert type="info" title="No verified recipient yet">
          The sandbox sends only to verified authorized recipients. Add your address under Authorized
          recipients and open the link of its verification mail; then send yourself a test email here.
        </Alert>
      ) : (
        <form style={styles.form} onSubmit={(event) => void send(event)} noValidate>
          <div className="app-form-row">
            {sandbox ? (
              <SelectField
                label="To"
                value={recipient}
                options={verified.map((item) => ({ value: item.email, label: item.email }))}
                onChange={setTo}
                hint="A verified authorized recipient"
                error={errors.to}
              />
            ) : (
              <TextField
                label="To"
                type="email"
                value={to}
                error={errors.to}
                onChange={(event) => {
                  setTo(event.target.value);
                  setErrors(({ to: _gone, ...rest }) => rest);
                }}
              />
            )}
            <TextField
              label="From"
              type="email"
              value={content.from}
              error={errors.from}
              hint={
                sandbox
                  ? 'The sandbox accepts any sender address.'
                  : 'Its domain must be a verified sending domain.'
              }
              onChange={(event) => set('from', event.target.value)}
            />
          </div>
          <TextField
            label="Subject"
            value={content.subject}
            error={errors.subject}
            onChange={(event) => set('subject', event.target.value)}
          />
          <div className="app-form-row">
            <TextAreaField
              label="Text"
              value={content.text}
              error={errors.text}
              rows={5}
              onChange={(value) => set('text', value)}
            />
            <TextAreaField
              label="HTML"
              value={content.html}
              rows={5}
              onChange={(value) => set('html', value)}
            />
          </div>
          <FormError message={formError} />
          <div>
            <Button type="submit" busy={busy}>
              Send test email
            </Button>
          </div>
        </form>
      )}
      {sent ? (
        <Alert type="success" title="Test email accepted">
          Transmission <code data-testid="transmission-id">{sent.transmissionId}</code> to {sent.to}.{' '}
          {sandbox ? (
            <AppLink to={sent.messageId ? `/activity/${sent.messageId}` : '/activity'}>
              {sent.messageId ? 'Open it in the sandbox inbox' : 'Open the sandbox inbox'}
            </AppLink>
          ) : (
            <AppLink to="/activity">See it in Activity</AppLink>
          )}
        </Alert>
      ) : null}
    </Panel>
  );
}
