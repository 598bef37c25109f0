import { $user, Alert, Button, changeEmailBody, TextField, useZodForm } from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { accountApi } from '../api.ts';

export function ChangeEmailForm() {
  const user = useStore($user);
  const form = useZodForm(changeEmailBody, { email: '', password: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-labelledby="email-title"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async ({ email, password }) => {
          await accountApi.changeEmail(email, password);
          if (user) $user.set({ ...user, email, validate: false });
          setSentTo(email);
        });
      }}
    >
      <h2 id="email-title">Change Email</h2>
      <p className="muted">Current address: {user?.email}</p>
      {sentTo ? <Alert type="success">We sent a confirmation link to {sentTo}.</Alert> : null}
      {form.formError ? <Alert type="danger">{form.formError}</Alert> : null}
      <TextField
        label="New email"
        type="email"
        name="email"
        value={form.values.email}
        error={form.errors.email}
        onChange={(event) => form.set('email', event.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={form.values.password}
        error={form.errors.password}
        onChange={(event) => form.set('password', event.target.value)}
      />
      <Button type="submit" busy={form.busy}>
        Change email
      </Button>
    </form>
  );
}
