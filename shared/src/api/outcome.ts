import type { ApiErrorInput, ErrorOutcome } from '../errors/index.ts';
import { raiseMultipleLogin } from '../stores/multiple-login.ts';
import { notify } from '../stores/notifications.ts';
import { showToast } from '../stores/toasts.ts';

type LogoutHandler = (redirect: string | undefined) => void;

let catalogue: Promise<typeof import('../errors/map-api-error.ts')> | undefined;

/**
 * The §8 error catalogue (what each failure says and does), fetched with the first answer that
 * needs it: a page that loads without a failure never does (a failed fetch is tried again).
 */
export function loadErrorCatalogue(): Promise<typeof import('../errors/map-api-error.ts')> {
  catalogue ??= import('../errors/map-api-error.ts').catch((error: unknown) => {
    catalogue = undefined;
    throw error;
  });
  return catalogue;
}

/** Carries out what the §8 catalogue says for an answer (the 202 of an export: "being prepared"). */
export async function dispatchApiOutcome(input: ApiErrorInput): Promise<void> {
  dispatchOutcome((await loadErrorCatalogue()).mapApiError(input));
}

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
