import {
  Alert,
  AppLink,
  AuthLayout,
  Button,
  FormError,
  formSchema,
  TextField,
  useZodForm,
} from '@app/shared';
import { useState } from 'react';
import { accountApi } from '../api.ts';
import { currentVendor } from '../brand.ts';

export function ForgotPasswordPage() {
  const vendor = currentVendor();
  const form = useZodForm(formSchema('forgetPasswordBody'), { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <AuthLayout brand={vendor.brand} title="Reset your password">
      {sentTo ? (
        <Alert type="success">
          If an account exists for <strong>{sentTo}</strong>, a link to reset the password is on its way. It
          works once, within one hour.
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit(async ({ email }) => {
              await accountApi.forgetPassword(email);
              setSentTo(email);
            });
          }}
        >
          <FormError message={form.formError} />
          <TextField label="Email" type="email" {...form.field('email')} autoComplete="email" autoFocus />
          <Button type="submit" busy={form.busy}>
            Send reset link
          </Button>
        </form>
      )}
      <div className="auth-links">
        <AppLink to="/login">Back to sign in</AppLink>
      </div>
    </AuthLayout>
  );
}
