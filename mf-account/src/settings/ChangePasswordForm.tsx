import { Alert, Button, FormError, formSchema, TextField, useZodForm } from '@app/shared';
import { useState } from 'react';
import { accountApi } from '../api.ts';

export function ChangePasswordForm() {
  const form = useZodForm(formSchema('changePasswordForm'), {
    oldPassword: '',
    newPassword: '',
    confirm: '',
  });
  const [saved, setSaved] = useState(false);
  return (
    <form
      noValidate
      aria-labelledby="password-title"
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        void form.submit(async ({ oldPassword, newPassword }) => {
          await accountApi.changePassword(oldPassword, newPassword);
          for (const name of ['oldPassword', 'newPassword', 'confirm'] as const) form.set(name, '');
          setSaved(true);
        });
      }}
    >
      <h2 id="password-title">Change Password</h2>
      {saved ? <Alert type="success">Your password is changed.</Alert> : null}
      <FormError message={form.formError} />
      <TextField
        label="Current password"
        type="password"
        {...form.field('oldPassword')}
        autoComplete="current-password"
      />
      <TextField
        label="New password"
        type="password"
        {...form.field('newPassword')}
        autoComplete="new-password"
      />
      <TextField
        label="Confirm new password"
        type="password"
        {...form.field('confirm')}
        autoComplete="new-password"
      />
      <Button type="submit" busy={form.busy}>
        Change password
      </Button>
    </form>
  );
}
