import { Alert, AppLink, AuthLayout, Spinner } from '@app/shared';
import { useEffect, useState } from 'react';
import { accountApi } from '../api.ts';
import { currentVendor } from '../brand.ts';

type State = { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

/** The email-confirmation landing: /validate?token=…&email=… from the confirmation mail. */
export function ValidatePage() {
  const vendor = currentVendor();
  const [state, setState] = useState<State>({ kind: 'working' });

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const token = query.get('token');
    if (!token) {
      setState({
        kind: 'failed',
        message: 'This confirmation link is incomplete. Open the link from the email again.',
      });
      return;
    }
    accountApi
      .validate(token, query.get('email') ?? undefined)
      .then((result) => setState({ kind: 'done', email: result.email }))
      .catch((error: Error) => setState({ kind: 'failed', message: error.message }));
  }, []);

  return (
    <AuthLayout brand={vendor.brand} title="Email confirmation">
      {state.kind === 'working' ? <Spinner label="Confirming your email ..." /> : null}
      {state.kind === 'done' ? (
        <Alert type="success">
          <strong>{state.email}</strong> is confirmed. You can sign in now.
        </Alert>
      ) : null}
      {state.kind === 'failed' ? <Alert type="danger">{state.message}</Alert> : null}
      <div className="auth-links">
        <AppLink to="/login">Go to sign in</AppLink>
      </div>
    </AuthLayout>
  );
}
