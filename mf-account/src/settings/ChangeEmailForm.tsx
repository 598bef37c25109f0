import { $user, Alert, Button, FormError, formSchema, TextField, useZodForm } from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { accountApi } from '../api.ts';

export function ChangeEmailForm() {
  const user = useStore($user);
  const form = useZodForm(formSchema('changeEmailBody'), { email: '', password: '' });
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
      <FormError message={form.formError} />
      <TextField label="New email" type="email" {...form.field('email')} />
      <TextField
        label="Password"
        type="password"
        {...form.field('password')}
        autoComplete="current-password"
      />
      <Button type="submit" busy={form.busy}>
        Change email
      </Button>
    </form>
  );
}
