import {
  type AuthorizedRecipient,
  type AuthorizedRecipientList,
  authorizedRecipientLimit,
  authorizedRecipientResendSeconds,
} from '@app/contract';
import {
  Button,
  ConfirmButton,
  DataTable,
  EmptyState,
  formatUserDateTime,
  formSchema,
  Panel,
  Skeleton,
  StatusTag,
  TextField,
} from '@app/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { addRecipients, deleteRecipient, resendVerification } from './api.ts';
import { styles } from './styles.ts';

/** Splits what the user typed into addresses: commas, semicolons, spaces and new lines separate them. */
export function splitAddresses(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((part) => part !== ''))];
}

/** Seconds until the verification mail may be sent again (0 = now). */
function secondsUntilResend(recipient: AuthorizedRecipient, now: number): number {
  if (!recipient.lastSentAt) return 0;
  const next = new Date(recipient.lastSentAt).getTime() + authorizedRecipientResendSeconds * 1000;
  return Math.max(0, Math.ceil((next - now) / 1000));
}

/** A clock that ticks every second while `active`, for the resend countdowns. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The addresses the sandbox may send to: each confirms through the link of its verification mail.
 * Add several at once, resend the mail (once a minute), remove one.
 */
export function AuthorizedRecipientsPanel({
  list,
  onChange,
}: {
  list: AuthorizedRecipientList | undefined;
  onChange: (list?: AuthorizedRecipientList) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const items = list?.items ?? [];
  const limit = list?.limit ?? authorizedRecipientLimit;
  const now = useNow(items.some((item) => !item.verified && item.lastSentAt !== null));
  const left = limit - items.length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const emails = splitAddresses(text);
    const parsed = (await formSchema('addAuthorizedRecipientsBody')()).safeParse({ emails });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const index = issue?.path[1];
      setError(
        typeof index === 'number'
          ? `"${emails[index]}" is not a valid email address`
          : (issue?.message ?? 'Check the addresses'),
      );
      return;
    }
    const known = new Set(items.map((item) => item.email.toLowerCase()));
    const fresh = parsed.data.emails.filter((email) => !known.has(email.toLowerCase()));
    if (fresh.length > left) {
      setError(
        left === 0
          ? `All ${limit} places are used: remove an address first`
          : `Only ${left} more ${left === 1 ? 'address fits' : 'addresses fit'} (at most ${limit} in all)`,
      );
      return;
    }
    setBusy(true);
    try {
      const answer = await addRecipients(parsed.data.emails);
      setText('');
      setError(undefined);
      setNotice(
        answer.added.length === 0
          ? 'These addresses were already listed.'
          : `Verification mail sent to ${answer.added.join(', ')}. Each address must open the link in it.`,
      );
      onChange(answer);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The addresses could not be added');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel
      title="Authorized recipients"
      actions={
        list ? (
          <span className="muted" data-testid="recipient-usage">
            {items.length} of {limit} used
          </span>
        ) : null
      }
    >
      <p className="muted">
        In the sandbox, mail is kept in your inbox and delivered only to verified addresses. Add an address,
        then open the link of the verification mail sent to it.
      </p>
      <form style={styles.inlineForm} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          style={styles.inlineField}
          label="Email addresses"
          hint="Several at once: separate them with commas or spaces."
          value={text}
          error={error}
          disabled={left <= 0}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" busy={busy} disabled={left <= 0} style={styles.inlineButton}>
          Add
        </Button>
      </form>
      {notice ? (
        <p className="muted" role="status">
          {notice}
        </p>
      ) : null}
      {list === undefined ? (
        <Skeleton lines={3} label="Loading authorized recipients ..." />
      ) : (
        <DataTable
          label="Authorized recipients"
          rows={items}
          rowKey={(row) => row.id}
          empty={
            <EmptyState title="No authorized recipients yet">
              Sandbox mail only reaches verified addresses. Add your own address above, confirm it from your
              mailbox, then send yourself a test email.
            </EmptyState>
          }
          columns={[
            { key: 'email', label: 'Email', render: (row) => row.email },
            {
              key: 'status',
              label: 'Status',
              render: (row) =>
                row.verified ? (
                  <StatusTag variant="success">Verified</StatusTag>
                ) : (
                  <StatusTag variant="warning">Pending</StatusTag>
                ),
            },
            {
              key: 'when',
              label: 'Verified / mail sent',
              secondary: true,
              render: (row) =>
                row.verified && row.verifiedAt
                  ? `Verified ${formatUserDateTime(new Date(row.verifiedAt))}`
                  : row.lastSentAt
                    ? `Mail sent ${formatUserDateTime(new Date(row.lastSentAt))}`
                    : 'The mail could not be sent: resend it',
            },
            {
              key: 'actions',
              label: 'Actions',
              render: (row) => (
                <div style={styles.actions}>
                  {row.verified ? null : (
                    <ResendButton
                      recipient={row}
                      wait={secondsUntilResend(row, now)}
                      onSent={(updated) =>
                        onChange({
                          items: items.map((item) => (item.id === updated.id ? updated : item)),
                          limit,
                        })
                      }
                    />
                  )}
                  <ConfirmButton
                    label="Remove"
                    size="small"
                    title="Remove authorized recipient"
                    question={
                      <>
                        Remove <strong>{row.email}</strong>? Sandbox mail will no longer reach it; adding it
                        again sends a new verification mail.
                      </>
                    }
                    confirmLabel="Remove"
                    onConfirm={async () => {
                      await deleteRecipient(row.id);
                      onChange();
                    }}
                  />
                </div>
              ),
            },
          ]}
        />
      )}
    </Panel>
  );
}

function ResendButton({
  recipient,
  wait,
  onSent,
}: {
  recipient: AuthorizedRecipient;
  wait: number;
  onSent: (recipient: AuthorizedRecipient) => void;
}) {
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      onSent(await resendVerification(recipient.email));
    } catch {
      // Shown as a toast by the catalogue (e.g. too many attempts).
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" size="small" busy={busy} disabled={wait > 0} onClick={() => void resend()}>
        Resend mail
      </Button>
      {wait > 0 ? <span className="muted">Again in {wait} s</span> : null}
    </>
  );
}
