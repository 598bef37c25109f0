import { Alert, Button, changePasswordBody, TextField, useZodForm } from '@app/shared';
import { useState } from 'react';
import { accountApi } from '../api.ts';

export function ChangePasswordForm() {
  const form = useZodForm(changePasswordBody, { oldPassword: '', newPassword: '' });
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
          form.set('oldPassword', '');
          form.set('newPassword', '');
          setSaved(true);
        });
      }}
    >
      <h2 id="password-title">Change Password</h2>
      {saved ? <Alert type="success">Your password is changed.</Alert> : null}
      {form.formError ? <Alert type="danger">{form.formError}</Alert> : null}
      <TextField
        label="Current password"
        type="password"
        name="oldPassword"
        autoComplete="current-password"
        value={form.values.oldPassword}
        error={form.errors.oldPassword}
        onChange={(event) => form.set('oldPassword', event.target.value)}
      />
      <TextField
        label="New password"
        type="password"
        name="newPassword"
        autoComplete="new-password"
        value={form.values.newPassword}
        error={form.errors.newPassword}
        onChange={(event) => form.set('newPassword', event.target.value)}
      />
      <Button type="submit" busy={form.busy}>
        Change password
      </Button>
    </form>
  );
}
