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

export function ResetPasswordPage() {
  const vendor = currentVendor();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const form = useZodForm(formSchema('resetPasswordForm'), { newPassword: '', confirm: '' });
  const [done, setDone] = useState(false);

  return (
    <AuthLayout brand={vendor.brand} title="Choose a new password">
      {done ? (
        <Alert type="success">Your password is changed. Sign in with the new password.</Alert>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit(async ({ newPassword }) => {
              await accountApi.resetPassword(token, newPassword);
              setDone(true);
            });
          }}
        >
          <FormError message={form.formError} />
          <TextField
            label="New password"
            type="password"
            {...form.field('newPassword')}
            autoComplete="new-password"
            autoFocus
            hint="At least 8 characters, with a letter and a digit."
          />
          <TextField
            label="Repeat the new password"
            type="password"
            {...form.field('confirm')}
            autoComplete="new-password"
          />
          <Button type="submit" busy={form.busy}>
            Change password
          </Button>
        </form>
      )}
      <div className="auth-links">
        <AppLink to="/login">Back to sign in</AppLink>
      </div>
    </AuthLayout>
  );
}
