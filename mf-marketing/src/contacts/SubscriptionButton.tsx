import type { Contact } from '@app/contract/marketing/contacts';
import { Button, ConfirmDialog, showToast } from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import type { ContactApi } from './api.ts';

/**
 * Unsubscribes a subscribed contact (its address goes on the suppression list), or resubscribes an
 * unsubscribed or bounced one after asking whether the person asked for it (the list entry is lifted).
 * A contact who complained is not offered either.
 */
export function SubscriptionButton({
  api,
  contact,
  onChanged,
}: {
  api: ContactApi;
  contact: Contact;
  onChanged: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const email = contact.email;
  if (!email || contact.status === 'complained') return null;
  const subscribed = contact.status === 'subscribed' || contact.status === 'pending';
  const change = async () => {
    setBusy(true);
    try {
      await (subscribed ? api.unsubscribe(email) : api.resubscribe(email));
      showToast({
        type: 'success',
        message: `${email} is ${subscribed ? 'unsubscribed' : 'subscribed again'}.`,
      });
      onChanged();
    } catch (failure) {
      showToast({ type: 'danger', message: serverMessage(failure) });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        variant="secondary"
        busy={busy && !asking}
        onClick={() => (subscribed ? void change() : setAsking(true))}
      >
        {subscribed ? `Unsubscribe ${email}` : `Resubscribe ${email}`}
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Resubscribe ${email}?`}
        confirmLabel="Resubscribe"
        busy={busy}
        onConfirm={() => void change()}
        onCancel={() => setAsking(false)}
      >
        <p>
          Only resubscribe someone who asked for your mail again: their address leaves the suppression list.
        </p>
      </ConfirmDialog>
    </>
  );
}
