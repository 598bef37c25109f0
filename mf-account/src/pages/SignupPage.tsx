import {
  Alert,
  AppLink,
  AuthLayout,
  Button,
  FormError,
  formSchema,
  runtimeConfig,
  TextField,
  useZodForm,
} from '@app/shared';
import { useState } from 'react';
import { accountApi } from '../api.ts';
import { currentVendor } from '../brand.ts';

export function SignupPage() {
  const vendor = currentVendor();
  const form = useZodForm(formSchema('registerBody'), { email: '', password: '', company: '', phone: '' });
  const [registered, setRegistered] = useState<string | null>(null);

  if (registered) return <CheckInbox brand={vendor.brand} email={registered} />;

  return (
    <AuthLayout brand={vendor.brand} title="Create your account">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(async (data) => {
            const result = await accountApi.register(data);
            setRegistered(result.email);
          });
        }}
      >
        <FormError message={form.formError} />
        <TextField label="Work email" type="email" {...form.field('email')} autoComplete="email" autoFocus />
        <TextField
          label="Password"
          type="password"
          {...form.field('password')}
          autoComplete="new-password"
          hint="At least 8 characters, with a letter and a digit."
        />
        <TextField label="Company" {...form.field('company')} autoComplete="organization" />
        <TextField label="Phone" type="tel" {...form.field('phone')} autoComplete="tel" />
        <Button type="submit" busy={form.busy}>
          Create account
        </Button>
      </form>
      <div className="auth-links">
        <span>
          Already have an account? <AppLink to="/login">Sign in</AppLink>
        </span>
      </div>
    </AuthLayout>
  );
}

function CheckInbox({ brand, email }: { brand: string; email: string }) {
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await accountApi.revalidate(email);
      setSent(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthLayout brand={brand} title="Confirm your email">
      <p>
        We sent a confirmation link to <strong>{email}</strong>. Open it to activate your account, then sign
        in.
      </p>
      {runtimeConfig().mailCapture ? (
        <Alert type="info">
          This server keeps outgoing mail instead of sending it: your confirmation link is printed in the
          server log, and the operator's captured-mail link (also in the log) shows every message.
        </Alert>
      ) : null}
      {sent ? <Alert type="success">A new confirmation link is on its way.</Alert> : null}
      <div className="auth-links">
        <Button variant="secondary" busy={busy} onClick={() => void resend()}>
          Send the link again
        </Button>
        <AppLink to="/login">Back to sign in</AppLink>
      </div>
    </AuthLayout>
  );
}
