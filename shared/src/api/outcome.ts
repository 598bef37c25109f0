import type { ErrorOutcome } from '../errors/index.ts';
import { raiseMultipleLogin } from '../stores/multiple-login.ts';
import { notify } from '../stores/notifications.ts';
import { showToast } from '../stores/toasts.ts';

type LogoutHandler = (redirect: string | undefined) => void;

let logoutHandler: LogoutHandler = () => {};

/** The shell registers how a logout outcome is carried out (clear state, navigate to /login). */
export function onForcedLogout(handler: LogoutHandler): void {
  logoutHandler = handler;
}

/**
 * Carries out what the §8 catalogue decided for a failed call. Errors are warning notices (§8), so
 * they go to the notification queue, which de-duplicates them and shows at most three; informative
 * notes (an export being prepared) are toasts.
 */
export function dispatchOutcome(outcome: ErrorOutcome): void {
  switch (outcome.kind) {
    case 'toast':
      if (outcome.level === 'warning') notify(outcome.message);
      else showToast({ type: outcome.level, title: outcome.title, message: outcome.message });
      return;
    case 'offline':
      notify(outcome.message);
      return;
    case 'logout':
      // Logging out clears the notices, so the reason is shown after it.
      logoutHandler(outcome.redirect);
      if (outcome.message) notify(outcome.message);
      return;
    case 'multipleLogin':
      raiseMultipleLogin(outcome.flag);
      if (outcome.flag === 'ended') logoutHandler('/login');
      return;
    case 'silent':
      return;
  }
}
