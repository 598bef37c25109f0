import { navigate, safeRelativePath } from '@app/shared';
import type { MouseEvent, ReactNode } from 'react';

/** An in-app link that navigates through single-spa instead of reloading the page. */
export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={follow}>
      {children}
    </a>
  );
}

/** After signing in the session is loaded, then the user goes to a safe `redirect` or /analytic. */
export function afterSignIn(): string {
  const redirect = safeRelativePath(new URLSearchParams(window.location.search).get('redirect'));
  return redirect ? `/loading-data?redirect=${encodeURIComponent(redirect)}` : '/loading-data';
}
