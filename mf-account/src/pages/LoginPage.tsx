import {
  $multipleLogin,
  Alert,
  AppLink,
  AuthLayout,
  Button,
  clearMultipleLogin,
  FormError,
  formSchema,
  LinkButton,
  navigate,
  runtimeConfig,
  TextField,
  useZodForm,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { accountApi, completeSignIn } from '../api.ts';
import { currentVendor } from '../brand.ts';
import { afterSignIn } from '../links.tsx';

export function LoginPage() {
  const vendor = currentVendor();
  const flags = useStore($multipleLogin);
  const form = useZodForm(formSchema('signinBody'), { email: '', password: '', logoutFromOthers: false });
  const askToSignOutOthers = flags.multipleLogin || flags.denied;

  const signIn = (logoutFromOthers: boolean) =>
    form.submit(async (data) => {
      const { accessToken } = await accountApi.signin({ ...data, logoutFromOthers });
      clearMultipleLogin();
      const stage = await completeSignIn(accessToken);
      navigate(stage === '2fa' ? `/two-factor${window.location.search}` : afterSignIn());
    });

  return (
    <AuthLayout
      brand={vendor.brand}
      title={vendor.login === 'brand' ? `Welcome to ${vendor.brand}` : 'Sign in'}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void signIn(false);
        }}
      >
        {askToSignOutOthers ? (
          <Alert type="warning">
            <p>
              {flags.denied
                ? 'Your account is being used on another device right now.'
                : 'Your account is signed in on another device.'}{' '}
              Sign in here and sign out the other sessions?
            </p>
            <Button busy={form.busy} onClick={() => void signIn(true)}>
              Sign out other sessions and continue
            </Button>
          </Alert>
        ) : null}
        <FormError message={form.formError} />
        <TextField label="Email" type="email" {...form.field('email')} autoComplete="username" autoFocus />
        <TextField
          label="Password"
          type="password"
          {...form.field('password')}
          autoComplete="current-password"
        />
        <Button type="submit" busy={form.busy}>
          Sign in
        </Button>
      </form>
      <div className="auth-links">
        <AppLink to="/forgot-password">Forgot password?</AppLink>
        <AppLink to="/signup">Create an account</AppLink>
      </div>
      <GoogleSignIn />
    </AuthLayout>
  );
}

/** Google sign-in goes through the server's OpenID Connect route; shown only when it is configured. */
function GoogleSignIn() {
  if (!runtimeConfig().googleSignIn) return null;
  const origin = window.location.origin;
  const query = new URLSearchParams({
    successRedirectUrl: `${origin}/google-registered`,
    errorRedirectUrl: `${origin}/login`,
  });
  return (
    <p>
      <LinkButton to={`/v1/auth/oauth?${query}`} external>
        Sign in with Google
      </LinkButton>
    </p>
  );
}
