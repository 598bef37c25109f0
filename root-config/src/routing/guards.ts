import { fullPathOf, toQuery, withQuery } from '@app/contract/routes/path-pattern';
import { matchRoute, type Route } from '@app/contract/routes/routes';
import { safeRelativePath } from '@app/shared';
import {
  isOutsideEnvironments,
  isProductionAllowed,
  isProfileComplete,
  isSandboxAllowed,
  requiresProductionProfile,
} from './environments.ts';
import type { GuardDecision, NavigationInput, SessionState, TokenState } from './guard-types.ts';

export type { GuardDecision, NavigationInput, SessionState, TokenState } from './guard-types.ts';

/**
 * Every rule is pure. A rule returns a decision when it applies, or null to let the next rule decide.
 * decideNavigation composes them in this order: not found, pure redirects, google-registered token
 * hand-over, public routes, load failure, guest routes, then for protected routes: second factor,
 * missing token, session loading, sandbox, production.
 */

type Query = string | URLSearchParams;

const allow: GuardDecision = { kind: 'allow' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

function queryValue(query: Query, key: string): string | null {
  return toQuery(query).get(key);
}

/** Unknown path: a safe `to` query value sends the user there, else the not-found page. */
export function notFoundRule(query: Query): GuardDecision {
  const to = safeRelativePath(queryValue(query, 'to'));
  return to === null ? { kind: 'not-found' } : redirect(to);
}

/** '/' → /analytic when a token is stored else /login; /page/loading → /analytic; /domain → /domain/sending. */
export function redirectRouteRule(route: Route, token: TokenState): GuardDecision | null {
  if (route.redirect === undefined) return null;
  if (route.name === 'homepage') return redirect(token === null ? '/login' : route.redirect);
  return redirect(route.redirect);
}

/** /google-registered with a token and registered=true in the query stores the token, then /loading-data. */
export function googleRegisteredRule(route: Route, query: Query): GuardDecision | null {
  if (route.name !== 'google-registered') return null;
  const params = toQuery(query);
  const token = params.get('token');
  if (token === null || token === '' || params.get('registered') !== 'true') return null;
  return { kind: 'store-token', token, to: '/loading-data' };
}

/** Public routes are open whatever the session. */
export function publicRule(route: Route): GuardDecision | null {
  return route.access === 'public' ? allow : null;
}

/** Session load failure: 401 (token error) logs out to /login, anything else goes to /error. */
export function loadErrorRule(loadError: { readonly status: number } | undefined): GuardDecision | null {
  if (loadError === undefined) return null;
  return loadError.status === 401 ? { kind: 'logout', to: '/login' } : { kind: 'error', to: '/error' };
}

/** Where a logged-in user lands: /welcome-to-production in production without profile completion. */
export function homeFor(session: NonNullable<SessionState>): string {
  if (session.environment === 'production' && !isProfileComplete(session.tours))
    return '/welcome-to-production';
  return '/analytic';
}

/** Login and signup: open without a full token; a fully logged-in user is sent home. */
export function guestRule(route: Route, token: TokenState, session: SessionState): GuardDecision | null {
  if (route.access !== 'guest') return null;
  if (token === null || token.stage === '2fa') return allow;
  if (session === null) return { kind: 'load-session' };
  return redirect(homeFor(session));
}

/**
 * §4 second-factor stage. The two-factor route needs a 2FA-stage token (none → /login keeping its safe
 * redirect; full → the safe redirect or /analytic). A 2FA-stage token opens no other protected route.
 */
export function secondFactorRule(
  route: Route,
  token: TokenState,
  fullPath: string,
  query: Query,
): GuardDecision | null {
  if (route.tokenStage === '2fa') {
    const target = safeRelativePath(queryValue(query, 'redirect'));
    if (token === null) return redirect(withQuery('/login', { redirect: target }));
    return token.stage === '2fa' ? allow : redirect(target ?? '/analytic');
  }
  if (token?.stage === '2fa' && route.access === 'protected') {
    return redirect(withQuery('/two-factor', { redirect: fullPath }));
  }
  return null;
}

/** Protected route without a stored token → /login?redirect=<original path and query>. */
export function missingTokenRule(route: Route, token: TokenState, fullPath: string): GuardDecision | null {
  if (route.access !== 'protected' || token !== null) return null;
  return redirect(withQuery('/login', { redirect: fullPath }));
}

/** Token present but user, company, tour, usage and warning data not loaded yet. */
export function sessionLoadRule(token: TokenState, session: SessionState): GuardDecision | null {
  return token !== null && session === null ? { kind: 'load-session' } : null;
}

/** Sandbox mode: routes outside sandboxAllowed → /switch-to-production-environment?to=<path>. */
export function sandboxRule(route: Route, session: SessionState, fullPath: string): GuardDecision | null {
  if (session?.environment !== 'sandbox' || isOutsideEnvironments(route)) return null;
  if (isSandboxAllowed(route.name)) return allow;
  return redirect(withQuery('/switch-to-production-environment', { to: fullPath }));
}

/**
 * Production mode: profile-gated routes need completion (else /welcome-to-production); routes outside
 * productionAllowed → /switch-to-sandbox-environment?to=<path>.
 */
export function productionRule(route: Route, session: SessionState, fullPath: string): GuardDecision | null {
  if (session?.environment !== 'production' || isOutsideEnvironments(route)) return null;
  if (!isProductionAllowed(route.name)) {
    return redirect(withQuery('/switch-to-sandbox-environment', { to: fullPath }));
  }
  if (requiresProductionProfile(route.name) && !isProfileComplete(session.tours)) {
    return redirect('/welcome-to-production');
  }
  return allow;
}

/** §2 /err: when a health check succeeds there, go to the safe redirect query value or /dashboard. */
export function errHealthCheckTarget(query: Query): string {
  return safeRelativePath(queryValue(query, 'redirect')) ?? '/dashboard';
}

/** After login: the safe redirect query value or /analytic. */
export function postLoginTarget(query: Query): string {
  return safeRelativePath(queryValue(query, 'redirect')) ?? '/analytic';
}

export function decideNavigation(input: NavigationInput): GuardDecision {
  const { pathname, search, token, session, loadError } = input;
  const query = toQuery(search);
  const match = matchRoute(pathname);
  if (match === null) return notFoundRule(query);
  const { route } = match;
  const fullPath = fullPathOf(pathname, search);
  return (
    redirectRouteRule(route, token) ??
    googleRegisteredRule(route, query) ??
    publicRule(route) ??
    loadErrorRule(loadError) ??
    guestRule(route, token, session) ??
    secondFactorRule(route, token, fullPath, query) ??
    missingTokenRule(route, token, fullPath) ??
    sessionLoadRule(token, session) ??
    sandboxRule(route, session, fullPath) ??
    productionRule(route, session, fullPath) ??
    allow
  );
}
