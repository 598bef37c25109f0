import type { Sender } from '@app/contract/marketing/senders';
import { Alert, ApiError, Button, ConfirmButton, showToast, useLoad } from '@app/shared';
import { useState } from 'react';
import type { SenderApi } from './api.ts';
import { senderActions, usageText } from './sender-rows.ts';

/** A failure the API client did not show already (the sample data's). */
function showFailure(error: unknown) {
  if (error instanceof ApiError && error.handled) return;
  showToast({ type: 'danger', message: error instanceof Error ? error.message : String(error) });
}

/** A sender's row actions: Send link again (pending), Make default (validated), Delete (asked first). */
export function SenderActions({
  api,
  sender,
  onChanged,
}: {
  api: SenderApi;
  sender: Sender;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState<'link' | 'default' | null>(null);
  const actions = senderActions(sender);
  const run = async (kind: 'link' | 'default', call: () => Promise<unknown>, done: string) => {
    setBusy(kind);
    try {
      await call();
      showToast({ type: 'success', message: done });
      onChanged();
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    try {
      await api.remove(sender.id);
    } catch (error) {
      showFailure(error);
      throw error;
    }
    showToast({ type: 'success', message: `${sender.email} is deleted.` });
    onChanged();
  };

  return (
    <div className="app-page-actions">
      {actions.sendLink ? (
        <Button
          size="small"
          variant="secondary"
          busy={busy === 'link'}
          onClick={() =>
            void run(
              'link',
              () => api.revalidate(sender.id),
              `A new confirmation link is on its way to ${sender.email}; the earlier one no longer works.`,
            )
          }
        >
          Send link again
        </Button>
      ) : null}
      {actions.makeDefault ? (
        <Button
          size="small"
          variant="secondary"
          busy={busy === 'default'}
          onClick={() =>
            void run(
              'default',
              () => api.makeDefault(sender.id),
              `${sender.email} is now the default sender.`,
            )
          }
        >
          Make default
        </Button>
      ) : null}
      <ConfirmButton
        label="Delete"
        size="small"
        variant="secondary"
        title="Delete sender?"
        confirmLabel="Delete"
        question={<DeleteQuestion api={api} sender={sender} />}
        onConfirm={remove}
      />
    </div>
  );
}

/** What deleting the sender changes: what uses it (asked when the dialog opens), the default's successor. */
function DeleteQuestion({ api, sender }: { api: SenderApi; sender: Sender }) {
  const usage = useLoad(() => api.usage(sender.id), [api, sender.id]);
  const used = usage.data ? usageText(usage.data) : null;
  return (
    <>
      <p>
        {sender.email} will no longer be offered as a sender. To use it again, it must be added and confirmed
        anew.
      </p>
      {sender.isDefault ? (
        <p>It is your default sender: your oldest validated sender becomes the default.</p>
      ) : null}
      {usage.status === 'loading' ? (
        <p className="muted" role="status">
          Checking what uses this sender ...
        </p>
      ) : null}
      {used ? <Alert type="warning">It is used by {used}: they will need another sender.</Alert> : null}
      {usage.status === 'failed' ? (
        <p className="muted">What uses this sender could not be checked: {usage.error.message}</p>
      ) : null}
    </>
  );
}
