import { Alert, AppLink, AuthLayout } from '@app/shared';
import { currentVendor } from '../brand.ts';

/**
 * /google-registered: with `token` and `registered=true` the shell stores the token and opens
 * /loading-data before this page is reached; it shows only when Google sign-in did not succeed.
 */
export function GoogleRegisteredPage() {
  const vendor = currentVendor();
  const error = new URLSearchParams(window.location.search).get('error');
  return (
    <AuthLayout brand={vendor.brand} title="Sign in with Google">
      <Alert type="danger">
        {error ?? 'Google sign-in did not finish. Try again or sign in with your password.'}
      </Alert>
      <div className="auth-links">
        <AppLink to="/login">Back to sign in</AppLink>
      </div>
    </AuthLayout>
  );
}
