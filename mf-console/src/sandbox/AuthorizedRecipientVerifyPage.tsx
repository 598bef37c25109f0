import type { VerifiedRecipient } from '@app/contract';
import {
  $currentRoute,
  Alert,
  AuthLayout,
  formatUserDateTime,
  getVendorConfig,
  http,
  runtimeConfig,
  Spinner,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';

type State =
  | { kind: 'working' }
  | { kind: 'verified'; recipient: VerifiedRecipient }
  | { kind: 'invalid' }
  | { kind: 'failed' };

const verifyRecipient = (id: string) =>
  http.config.get<VerifiedRecipient>(`/authorized-recipient/verify/${encodeURIComponent(id)}`, {
    quiet: true,
  });

/**
 * The link of the authorized-recipient mail (no login): the address confirms it may receive the
 * company's sandbox mail. Opening it again says it was already verified.
 */
export function AuthorizedRecipientVerifyPage() {
  const config = runtimeConfig();
  const brand = getVendorConfig(config.vendor, config.variant).brand;
  const id = useStore($currentRoute)?.params.id ?? '';
  const [state, setState] = useState<State>({ kind: 'working' });

  useEffect(() => {
    verifyRecipient(id)
      .then((recipient) => setState({ kind: 'verified', recipient }))
      .catch((error: { status?: number }) =>
        setState(error.status === 404 || error.status === 400 ? { kind: 'invalid' } : { kind: 'failed' }),
      );
  }, [id]);

  return (
    <AuthLayout brand={brand} title="Authorized recipient">
      {state.kind === 'working' ? <Spinner label="Verifying your address ..." /> : null}
      {state.kind === 'verified' ? <Verified recipient={state.recipient} /> : null}
      {state.kind === 'invalid' ? (
        <Alert type="danger">
          This verification link is not valid. The address may have been removed from the authorized
          recipients, or the link was copied incompletely. Ask the sender to add your address again.
        </Alert>
      ) : null}
      {state.kind === 'failed' ? (
        <Alert type="danger">
          The address could not be verified right now. Open the link again in a moment.
        </Alert>
      ) : null}
    </AuthLayout>
  );
}

function Verified({ recipient }: { recipient: VerifiedRecipient }) {
  const { email, companyName, verifiedAt, alreadyVerified } = recipient;
  return alreadyVerified ? (
    <Alert type="info">
      <strong>{email}</strong> was already verified on {formatUserDateTime(new Date(verifiedAt))}.{' '}
      {companyName} can send it test mail from the sandbox; there is nothing more to do.
    </Alert>
  ) : (
    <Alert type="success">
      <strong>{email}</strong> is verified. {companyName} can now send it test mail from the sandbox.
    </Alert>
  );
}
