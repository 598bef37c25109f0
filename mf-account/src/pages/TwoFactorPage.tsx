import {
  AuthLayout,
  Button,
  FormError,
  navigate,
  secondFactorBody,
  storeToken,
  useZodForm,
} from '@app/shared';
import { accountApi } from '../api.ts';
import { currentVendor } from '../brand.ts';
import { CodeField } from '../code-field.tsx';
import { AppLink, afterSignIn } from '../links.tsx';

/** The second-factor step: a token at the '2fa' stage becomes a full one with a TOTP code. */
export function TwoFactorPage() {
  const vendor = currentVendor();
  const form = useZodForm(secondFactorBody, { code: '' });

  return (
    <AuthLayout brand={vendor.brand} title="Two-factor authentication">
      <p>Enter the 6-digit code from your authenticator app.</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(async ({ code }) => {
            const { accessToken } = await accountApi.validateTwoFactor(code);
            storeToken(accessToken, 'full');
            navigate(afterSignIn());
          });
        }}
      >
        <FormError message={form.formError} />
        <CodeField
          label="Authentication code"
          {...form.field('code', (value) => value.replace(/\D/g, ''))}
          autoFocus
          className="app-input app-otp"
        />
        <Button type="submit" busy={form.busy}>
          Verify
        </Button>
      </form>
      <div className="auth-links">
        <AppLink to="/logout">Use another account</AppLink>
      </div>
    </AuthLayout>
  );
}
