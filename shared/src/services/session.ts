import { fallbackQuota } from '@app/contract';
import type { Company } from '@app/contract/accounts/company';
import type { ProductTour } from '@app/contract/accounts/onboarding';
import type { User } from '@app/contract/accounts/users';
import type { ActiveSubscription, QuotaItem, Usage } from '@app/contract/engine/usage';
import { http } from '../api/client.ts';
import { removeItemsWithPrefix } from '../storage.ts';
import { $company, $plan, $quota, $tours, $user } from '../stores/account.ts';
import { $connected, $tokenMode } from '../stores/connection.ts';
import { clearMultipleLogin } from '../stores/multiple-login.ts';
import { clearNotifications } from '../stores/notifications.ts';
import { $sessionLoaded, $token, forgetToken, storeToken, type TokenStage } from '../stores/session.ts';
import { clearToasts } from '../stores/toasts.ts';
import { writeSessionCookies } from './session-cookies.ts';
import { $unreadNotifications } from './user-notifications.ts';

export type { TokenStage };
export { storeToken };

/** Loads what a protected route needs: user, company, tour flags, usage quota (§2 guards). */
export async function loadSession(options: { skipUsageCall?: boolean } = {}): Promise<void> {
  const [user, quota, plan] = await Promise.all([
    readAccount(),
    options.skipUsageCall ? { email: fixedFreeQuota() } : http.config.get<Usage>('/usage', { quiet: true }),
    options.skipUsageCall
      ? null
      : http.subscription.get<ActiveSubscription>('/subscriptions/active-subscription', { quiet: true }),
  ]);
  $quota.set(quota);
  $plan.set(plan);
  writeSessionCookies(user);
  $sessionLoaded.set(true);
}

/** User, company and tour flags, read together into their stores; answers the user. */
async function readAccount(): Promise<User> {
  const [user, company, tours] = await Promise.all([
    http.config.get<User>('/me', { quiet: true }),
    http.config.get<Company>('/company/detail', { quiet: true }),
    http.config.get<ProductTour>('/on-boarding/product-tour', { quiet: true }),
  ]);
  $user.set(user);
  $company.set(company);
  $tours.set(tours);
  return user;
}

/**
 * Re-reads what the shell caches about the company after the server changed it (an environment
 * switch, a completed profile, a finished on-boarding step): user, company and tour flags. The
 * guards read these stores on the next navigation, so call this before navigating on.
 */
export async function reloadAccountState(): Promise<void> {
  await readAccount();
}

function fixedFreeQuota(): QuotaItem {
  return {
    feature: 'email',
    usage: 0,
    quota: fallbackQuota,
    enable: true,
    type: 'monthly',
    plan: 'FREE',
    version: 1,
    periodStart: null,
    periodEnd: null,
    lastUpdated: null,
  };
}

/** §4 logout: clears tokens (incl. 2FA), team, user, quota, plan, onboarding flags, register email. */
export function clearSessionState(): void {
  forgetToken();
  $user.set(null);
  $company.set(null);
  $plan.set(null);
  $quota.set({});
  $tours.set({});
  $tokenMode.set(false);
  $connected.set(true);
  clearToasts();
  clearNotifications();
  $unreadNotifications.set([]);
  writeSessionCookies(null);
  removeItemsWithPrefix('em_');
}

/** Ends the session on the server (best effort) and clears everything kept in the browser. */
export async function logout(): Promise<void> {
  if ($token.get()) await http.config.post('/logout', {}, { quiet: true }).catch(() => undefined);
  clearSessionState();
  clearMultipleLogin();
}

export type HealthCheckResult = { ok: true; alive: boolean } | { ok: false; code?: string; message?: string };

/** GET /v1/ping; the shell turns the result into the §4 outcome. */
export async function pingServer(): Promise<HealthCheckResult> {
  try {
    const alive = await http.config.get<boolean>('/ping', { quiet: true });
    return { ok: true, alive: alive !== false };
  } catch (error) {
    const body = (error as { body?: { code?: string; message?: string } }).body;
    return { ok: false, code: body?.code, message: body?.message };
  }
}
