import type { ErrorOutcome } from '../errors/index.ts';
import { raiseMultipleLogin } from '../stores/multiple-login.ts';
import { showToast } from '../stores/toasts.ts';

type LogoutHandler = (redirect: string | undefined) => void;

let logoutHandler: LogoutHandler = () => {};

/** The shell registers how a logout outcome is carried out (clear state, navigate to /login). */
export function onForcedLogout(handler: LogoutHandler): void {
  logoutHandler = handler;
}

/** Carries out what the §8 catalogue decided for a failed call. */
export function dispatchOutcome(outcome: ErrorOutcome): void {
  switch (outcome.kind) {
    case 'toast':
      showToast({ type: outcome.level, title: outcome.title, message: outcome.message });
      return;
    case 'offline':
      showToast({ type: 'warning', message: outcome.message });
      return;
    case 'logout':
      if (outcome.message) showToast({ type: 'warning', message: outcome.message });
      logoutHandler(outcome.redirect);
      return;
    case 'multipleLogin':
      raiseMultipleLogin(outcome.flag);
      if (outcome.flag === 'ended') logoutHandler('/login');
      return;
    case 'silent':
      return;
  }
}
