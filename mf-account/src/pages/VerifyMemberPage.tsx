import type { InvitationData } from '@app/contract';
import {
  Alert,
  AppLink,
  AuthLayout,
  Button,
  FormError,
  formSchema,
  Spinner,
  TextField,
  useZodForm,
} from '@app/shared';
import { useEffect, useState } from 'react';
import { currentVendor } from '../brand.ts';
import { teamApi } from '../team/team-api.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  | { kind: 'open'; invitation: InvitationData }
  | { kind: 'joined'; email: string; companyName: string };

const tokenOfPath = () => decodeURIComponent(window.location.pathname.split('/').filter(Boolean).pop() ?? '');

/** /verify/member/:id (no login): accept a team invitation with a full name and a password. */
export function VerifyMemberPage() {
  const vendor = currentVendor();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const form = useZodForm(formSchema('acceptInvitationForm'), { fullname: '', password: '', confirm: '' });

  useEffect(() => {
    teamApi
      .invitation(tokenOfPath())
      .then((invitation) => setState({ kind: 'open', invitation }))
      .catch((failure: Error & { status?: number }) =>
        setState({
          kind: 'invalid',
          message:
            failure.status === 404
              ? ((failure as { body?: { message?: string } }).body?.message ?? failure.message)
              : failure.message,
        }),
      );
  }, []);

  return (
    <AuthLayout brand={vendor.brand} title="Join your team">
      {state.kind === 'loading' ? <Spinner label="Opening the invitation ..." /> : null}
      {state.kind === 'invalid' ? (
        <Alert type="danger">
          {state.message} If you already accepted it, sign in with the invited address.
        </Alert>
      ) : null}
      {state.kind === 'joined' ? (
        <Alert type="success">
          Welcome to {state.companyName}! Your account <strong>{state.email}</strong> is ready: sign in to
          continue.
        </Alert>
      ) : null}
      {state.kind === 'open' ? (
        <form
          noValidate
          aria-label="Accept invitation"
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit(async (data) => {
              const joined = await teamApi.accept({
                id: tokenOfPath(),
                fullname: data.fullname,
                password: data.password,
              });
              setState({ kind: 'joined', ...joined });
            });
          }}
        >
          <p>
            <strong>{state.invitation.companyName}</strong> invited <strong>{state.invitation.email}</strong>{' '}
            to join the team as {state.invitation.roleName}.
          </p>
          <FormError message={form.formError} />
          <TextField label="Full name" autoComplete="name" {...form.field('fullname')} />
          <TextField
            label="Password"
            type="password"
            passwordToggle
            autoComplete="new-password"
            hint="At least 8 characters, with a letter and a digit"
            {...form.field('password')}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            {...form.field('confirm')}
          />
          <Button type="submit" busy={form.busy}>
            Accept invitation
          </Button>
        </form>
      ) : null}
      <div className="auth-links">
        <AppLink to="/login">Go to sign in</AppLink>
      </div>
    </AuthLayout>
  );
}
