import {
  $currentRoute,
  $location,
  Alert,
  AppLink,
  AuthLayout,
  Button,
  getVendorConfig,
  runtimeConfig,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { senderApi } from './api.ts';
import { type ValidateRefusal, validateRefusal } from './validate-outcome.ts';

type State =
  | { kind: 'asking' }
  | { kind: 'confirming' }
  | { kind: 'confirmed'; email: string }
  | ({ kind: 'refused' } & ValidateRefusal);

/**
 * /sender/validate/:id?token=… (no session): the link of the sender confirmation mail. It confirms
 * only on a click, so that mail scanners following the link do not confirm the address.
 */
export function SenderValidatePage() {
  const config = runtimeConfig();
  const brand = getVendorConfig(config.vendor, config.variant).brand;
  const id = useStore($currentRoute)?.params.id ?? '';
  const token = new URLSearchParams(useStore($location).search).get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'asking' });

  const confirm = async () => {
    setState({ kind: 'confirming' });
    try {
      const sender = await senderApi().validate(id, token);
      setState({ kind: 'confirmed', email: sender.email });
    } catch (error) {
      setState({ kind: 'refused', ...validateRefusal(error) });
    }
  };

  if (!token) {
    return (
      <AuthLayout brand={brand} title="Confirm Sender">
        <Alert type="danger">
          This confirmation link is incomplete. Open the link from the email again, or copy all of it into the
          address bar.
        </Alert>
      </AuthLayout>
    );
  }
  const asking =
    state.kind === 'asking' || state.kind === 'confirming' || (state.kind === 'refused' && !state.final);
  return (
    <AuthLayout brand={brand} title="Confirm Sender">
      {state.kind === 'confirmed' ? (
        <>
          <Alert type="success">
            The sender {state.email} is confirmed. You can now send campaigns from it.
          </Alert>
          <div className="auth-links">
            <AppLink to="/sender">Go to Manage Sender</AppLink>
          </div>
        </>
      ) : null}
      {state.kind === 'refused' ? (
        <Alert type={state.tone}>
          {state.message}
          {state.hint ? ` ${state.hint}` : null}
        </Alert>
      ) : null}
      {asking ? (
        <>
          <p>
            <strong>Confirm this address as a sender?</strong>
          </p>
          <p className="muted">
            The email that brought you here asks to confirm your address as a sender of marketing mail on{' '}
            {brand}. Confirm it if you expect campaigns to be sent from it; otherwise close this page and
            nothing changes.
          </p>
          <Button busy={state.kind === 'confirming'} onClick={() => void confirm()}>
            Confirm sender
          </Button>
        </>
      ) : null}
    </AuthLayout>
  );
}
