import type { RouteDef } from '@app/contract/routes/route-types';

export const loadingText = 'Loading ...';
export const routingErrorText = 'Routing error occurred';
export const tokenModeBanner = 'You are in the token mode, please be wise';
export const errorRouteHeadline =
  'Wait a minute, our team is working on this issue. In the meantime, maybe you can try something else';
export const notFoundHeadlineText = 'Page not available...';
export const homePath = '/analytic';

export type ShellLink = { readonly label: string; readonly href: string; readonly external: boolean };

export const backToHome: ShellLink = { label: 'Back to home page', href: homePath, external: false };

/** Not-found headline: on the error route the "our team is working" text, otherwise "Page not available...". */
export function notFoundHeadline(onErrorRoute: boolean): string {
  return onErrorRoute ? errorRouteHeadline : notFoundHeadlineText;
}

export type NotFoundFlags = { readonly support: boolean; readonly documentation: boolean };

/** The interactive API reference this server serves (outside the console, so a full page load). */
export const apiDocsPath = '/api/docs';

/**
 * Links under the not-found page: /contact-us only with support; /signup and the documentation link
 * only with documentation. Of §2's marketing links (email API, SMTP relay, solutions) only the email
 * API has a page on a self-hosted install, its API reference; the other two have no page to point at,
 * so they are left out rather than linked to a 404.
 */
export function notFoundLinks(flags: NotFoundFlags): readonly ShellLink[] {
  const links: ShellLink[] = [];
  if (flags.support) links.push({ label: 'Contact us', href: '/contact-us', external: false });
  if (flags.documentation) {
    links.push(
      { label: 'Sign up', href: '/signup', external: false },
      { label: 'Email API', href: apiDocsPath, external: true },
    );
  }
  return links;
}

export type ErrorPageAction =
  | { readonly kind: 'home'; readonly label: 'Back to home page'; readonly to: '/analytic' }
  | { readonly kind: 'back'; readonly label: 'Back to previous page' }
  | { readonly kind: 'logout'; readonly label: 'Log out'; readonly to: '/logout' };

export const errorPageActions: readonly ErrorPageAction[] = [
  { kind: 'home', label: 'Back to home page', to: '/analytic' },
  { kind: 'back', label: 'Back to previous page' },
  { kind: 'logout', label: 'Log out', to: '/logout' },
];

export const sidebarMobileMaxWidth = 767;

/** The two mutually exclusive sidebar classes ('open' on small screens, 'collapsed' otherwise). */
export type SidebarClasses = { readonly open: boolean; readonly collapsed: boolean };

/**
 * Sidebar toggle (§4): narrower than 767px toggles 'open', otherwise toggles 'collapsed'; the two are
 * mutually exclusive, so the other one is always cleared. Returns the resulting class set.
 */
export function sidebarToggleClass(width: number, state: SidebarClasses): SidebarClasses {
  return width < sidebarMobileMaxWidth
    ? { open: !state.open, collapsed: false }
    : { open: false, collapsed: !state.collapsed };
}

export const healthCheckThrottleMs = 60000;

/** At most once per 60 s (when the pointer enters the app). */
export function shouldRunHealthCheck(lastRunAt: number | null, now: number): boolean {
  return lastRunAt === null || now - lastRunAt >= healthCheckThrottleMs;
}

/** `alive`: what the ping returned; a failed ping carries the error code and message when known. */
export type HealthCheckResult =
  | { readonly ok: true; readonly alive: boolean }
  | { readonly ok: false; readonly code?: string | undefined; readonly message?: string | undefined };

/** `connected` absent means unchanged. */
export type HealthCheckOutcome = {
  readonly connected?: boolean;
  readonly logout: boolean;
  readonly to?: '/login';
};

const logoutCodes: ReadonlySet<string> = new Set(['tokenException', 'sessionExpired']);

function isSessionEnd(error: {
  readonly code?: string | undefined;
  readonly message?: string | undefined;
}): boolean {
  const message = error.message ?? '';
  return (
    logoutCodes.has(error.code ?? '') ||
    logoutCodes.has(message) ||
    message.toLowerCase().includes('expired token') ||
    message === 'Error parsing jwt token'
  );
}

/**
 * §4 health check: success true → connected; success false → log out (to /login); failure → not
 * connected, and tokenException / sessionExpired / 'expired token' also log out and go to /login.
 */
export function healthCheckOutcome(result: HealthCheckResult): HealthCheckOutcome {
  if (result.ok) return result.alive ? { connected: true, logout: false } : { logout: true, to: '/login' };
  return isSessionEnd(result)
    ? { connected: false, logout: true, to: '/login' }
    : { connected: false, logout: false };
}

export type ChunkReloadDecision = 'reload' | 'routing-error';

/** Chunk-load failure reloads the page once; a second failure shows "Routing error occurred". */
export function chunkReloadDecision(alreadyReloaded: boolean): ChunkReloadDecision {
  return alreadyReloaded ? 'routing-error' : 'reload';
}

/** Help widgets are hidden on routes needing no login (public, login/signup) and on composers. */
export function isHelpHidden(route: Pick<RouteDef, 'access' | 'helpHidden' | 'compose'>): boolean {
  return route.access !== 'protected' || route.helpHidden === true || route.compose === true;
}
