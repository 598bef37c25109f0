import {
  ApiError,
  AppLink,
  AuthLayout,
  Button,
  FormError,
  formSchema,
  navigate,
  storeToken,
  TextField,
  useZodForm,
} from '@app/shared';
import { useState } from 'react';
import { accountApi } from '../api.ts';
import { currentVendor } from '../brand.ts';
import { CodeField } from '../code-field.tsx';
import { afterSignIn } from '../links.tsx';

const finish = (accessToken: string) => {
  storeToken(accessToken, 'full');
  navigate(afterSignIn());
};

/**
 * A refused code shows the server's own words: they say which limit was reached and what still
 * works (another network, a recovery code, or when to try again).
 */
async function withLimitMessage<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const body = error instanceof ApiError ? (error.body as { code?: string; message?: string }) : undefined;
    if (body?.code === 'tooManyAttempts' && body.message) throw new Error(body.message);
    throw error;
  }
}

/**
 * The second-factor step: a token at the '2fa' stage becomes a full one with a TOTP code, or with
 * one of the recovery codes given at enrolment.
 */
export function TwoFactorPage() {
  const vendor = currentVendor();
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);

  return (
    <AuthLayout brand={vendor.brand} title="Two-factor authentication">
      {withRecoveryCode ? <RecoveryCodeForm /> : <AppCodeForm />}
      <div className="auth-links">
        <Button variant="secondary" onClick={() => setWithRecoveryCode(!withRecoveryCode)}>
          {withRecoveryCode ? 'Use a code from the app' : 'Use a recovery code'}
        </Button>
        <AppLink to="/logout">Use another account</AppLink>
      </div>
    </AuthLayout>
  );
}

function AppCodeForm() {
  const form = useZodForm(formSchema('secondFactorBody'), { code: '' });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async ({ code }) =>
          finish((await withLimitMessage(accountApi.validateTwoFactor(code))).accessToken),
        );
      }}
    >
      <p>Enter the 6-digit code from your authenticator app.</p>
      <FormError message={form.formError} />
      <CodeField
        label="Authentication code"
        {...form.field('code', (value) => value.replace(/\D/g, ''))}
        autoFocus
        className="app-otp"
      />
      <Button type="submit" busy={form.busy}>
        Verify
      </Button>
    </form>
  );
}

function RecoveryCodeForm() {
  const form = useZodForm(formSchema('recoveryCodeBody'), { recoveryCode: '' });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async ({ recoveryCode }) =>
          finish((await withLimitMessage(accountApi.useRecoveryCode(recoveryCode))).accessToken),
        );
      }}
    >
      <p>Enter one of the recovery codes you saved when you turned on two-factor authentication.</p>
      <FormError message={form.formError} />
      <TextField label="Recovery code" {...form.field('recoveryCode')} autoComplete="off" autoFocus />
      <Button type="submit" busy={form.busy}>
        Verify
      </Button>
    </form>
  );
}
