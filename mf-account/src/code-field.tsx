import { TextField } from '@app/shared';
import type { ComponentProps } from 'react';

/** The 6-digit authenticator code input: digits only, offered to password managers as a one-time code. */
export function CodeField(props: ComponentProps<typeof TextField>) {
  return <TextField inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...props} />;
}
