import type { RouteDef } from '@app/contract/routes/route-types';
import { navigate, pingServer, Spinner } from '@app/shared';
import { useEffect } from 'react';
import { errHealthCheckTarget, postLoginTarget } from '../routing/guards.ts';
import { loadingText } from '../routing/shell-texts.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/** /err: retries the health check; when it succeeds the user goes to `redirect` or /dashboard (§2). */
function ErrPage() {
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      const result = await pingServer();
      if (stopped) return;
      if (result.ok) navigate(errHealthCheckTarget(window.location.search));
      else setTimeout(check, 5000);
    };
    void check();
    return () => {
      stopped = true;
    };
  }, []);
  return <Spinner label="The server cannot be reached. Trying again ..." />;
}

/** /loading-data: the session is loaded by the guards; then the console opens. */
function LoadingDataPage() {
  useEffect(() => {
    navigate(postLoginTarget(window.location.search));
  }, []);
  return <Spinner label={loadingText} />;
}

export function ShellRoutePage({
  route,
  support,
  documentation,
  loggedIn,
}: {
  route: RouteDef;
  support: boolean;
  documentation: boolean;
  loggedIn: boolean;
}) {
  switch (route.name) {
    case 'err':
      return <ErrPage />;
    case 'loading-data':
      return <LoadingDataPage />;
    case 'error':
      return (
        <NotFoundPage onErrorRoute support={support} documentation={documentation} loggedIn={loggedIn} />
      );
    default:
      return <Spinner label={loadingText} />;
  }
}
