import { safeRelativePath } from '@app/shared';

/** After signing in the session is loaded, then the user goes to a safe `redirect` or /analytic. */
export function afterSignIn(): string {
  const redirect = safeRelativePath(new URLSearchParams(window.location.search).get('redirect'));
  return redirect ? `/loading-data?redirect=${encodeURIComponent(redirect)}` : '/loading-data';
}
