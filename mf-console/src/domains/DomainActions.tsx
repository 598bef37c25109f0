import type { SendingDomainView } from '@app/contract';
import { Button, ConfirmButton, navigate } from '@app/shared';
import { useState } from 'react';
import { deleteSendingDomain, makeDefaultBounceDomain } from './api.ts';

/**
 * Makes the domain the account's default bounce domain (or stops that). Allowed once its CNAME is
 * verified and its DKIM record shows the domain is yours, as the engine requires.
 */
export function DefaultBounceButton({
  domain,
  view,
  onChanged,
  disabled,
}: {
  domain: string;
  view: SendingDomainView;
  onChanged: () => void;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const ready = view.status.cname_status === 'valid' && view.status.dkim_status === 'valid';
  const change = async (isDefault: boolean) => {
    setBusy(true);
    try {
      await makeDefaultBounceDomain(domain, isDefault);
      onChanged();
    } catch {
      // The catalogue has shown why.
    } finally {
      setBusy(false);
    }
  };
  if (view.is_default_bounce_domain) {
    return (
      <Button variant="secondary" busy={busy} disabled={disabled} onClick={() => void change(false)}>
        Stop using as default bounce domain
      </Button>
    );
  }
  return (
    <Button
      variant="secondary"
      busy={busy}
      disabled={disabled || !ready}
      title={ready ? undefined : 'Verify the CNAME and DKIM records first'}
      onClick={() => void change(true)}
    >
      Make default bounce domain
    </Button>
  );
}

/** Deletes the sending domain after asking; then back to `back`. */
export function DeleteSendingDomainButton({
  domain,
  back,
  note,
}: {
  domain: string;
  back: string;
  note?: string;
}) {
  return (
    <ConfirmButton
      label="Delete domain"
      title="Delete this domain?"
      question={
        <>
          <p>
            Delete <strong>{domain}</strong>? Mail From it is refused from now on, and its DKIM key is gone
            for good: adding it again needs new DNS records.
          </p>
          {note ? <p>{note}</p> : null}
        </>
      }
      confirmLabel="Delete domain"
      onConfirm={async () => {
        await deleteSendingDomain(domain);
        navigate(back);
      }}
    />
  );
}
