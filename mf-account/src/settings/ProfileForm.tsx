import { $user, Alert, Button, FormError, formSchema, TextField, useZodForm } from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { accountApi } from '../api.ts';

export function ProfileForm() {
  const user = useStore($user);
  const form = useZodForm(formSchema('updateUserBody'), {
    fullname: user?.fullname ?? '',
    phone: user?.phone ?? '',
  });
  const [saved, setSaved] = useState(false);
  return (
    <form
      noValidate
      aria-labelledby="profile-title"
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        void form.submit(async (data) => {
          $user.set(await accountApi.updateProfile(data));
          setSaved(true);
        });
      }}
    >
      <h2 id="profile-title">Profile</h2>
      {saved ? <Alert type="success">Your profile is saved.</Alert> : null}
      <FormError message={form.formError} />
      <TextField label="Full name" {...form.field('fullname')} />
      <TextField label="Phone" type="tel" {...form.field('phone')} />
      <Button type="submit" busy={form.busy}>
        Save profile
      </Button>
    </form>
  );
}
