import { routeByName } from '@app/contract/routes/routes';
import { describe, expect, it } from 'vitest';
import {
  backToHome,
  chunkReloadDecision,
  errorPageActions,
  healthCheckOutcome,
  isHelpHidden,
  loadingText,
  notFoundHeadline,
  notFoundLinks,
  routingErrorText,
  shouldRunHealthCheck,
  sidebarToggleClass,
  tokenModeBanner,
} from './shell-texts.ts';

describe('shell texts', () => {
  it('keeps the §2 texts word for word', () => {
    expect(loadingText).toBe('Loading ...');
    expect(routingErrorText).toBe('Routing error occurred');
    expect(tokenModeBanner).toBe('You are in the token mode, please be wise');
    expect(backToHome).toEqual({ label: 'Back to home page', href: '/analytic', external: false });
  });

  it('picks the not-found headline by route', () => {
    expect(notFoundHeadline(true)).toBe(
      'Wait a minute, our team is working on this issue. In the meantime, maybe you can try something else',
    );
    expect(notFoundHeadline(false)).toBe('Page not available...');
  });

  it('shows not-found links by support and documentation flags', () => {
    expect(notFoundLinks({ support: false, documentation: false })).toEqual([]);
    expect(notFoundLinks({ support: true, documentation: false }).map((link) => link.href)).toEqual([
      '/contact-us',
    ]);
    expect(notFoundLinks({ support: false, documentation: true })).toEqual([
      { label: 'Sign up', href: '/signup', external: false },
      { label: 'Email API', href: '/api/docs', external: true },
    ]);
  });

  it('offers back to home, back to previous page and log out on error pages', () => {
    expect(errorPageActions.map((action) => action.label)).toEqual([
      'Back to home page',
      'Back to previous page',
      'Log out',
    ]);
  });
});

describe('sidebarToggleClass', () => {
  it('toggles open under 767px and clears collapsed', () => {
    expect(sidebarToggleClass(500, { open: false, collapsed: true })).toEqual({
      open: true,
      collapsed: false,
    });
    expect(sidebarToggleClass(766, { open: true, collapsed: false })).toEqual({
      open: false,
      collapsed: false,
    });
  });

  it('toggles collapsed from 767px up and clears open', () => {
    expect(sidebarToggleClass(767, { open: true, collapsed: false })).toEqual({
      open: false,
      collapsed: true,
    });
    expect(sidebarToggleClass(1280, { open: false, collapsed: true })).toEqual({
      open: false,
      collapsed: false,
    });
  });
});

describe('health check', () => {
  it('runs at most once per 60 seconds', () => {
    expect(shouldRunHealthCheck(null, 1000)).toBe(true);
    expect(shouldRunHealthCheck(1000, 60999)).toBe(false);
    expect(shouldRunHealthCheck(1000, 61000)).toBe(true);
  });

  it('maps results per §4', () => {
    expect(healthCheckOutcome({ ok: true, alive: true })).toEqual({ connected: true, logout: false });
    expect(healthCheckOutcome({ ok: true, alive: false })).toEqual({ logout: true, to: '/login' });
    expect(healthCheckOutcome({ ok: false, message: 'Network Error' })).toEqual({
      connected: false,
      logout: false,
    });
    const loggedOut = { connected: false, logout: true, to: '/login' };
    expect(healthCheckOutcome({ ok: false, code: 'tokenException' })).toEqual(loggedOut);
    expect(healthCheckOutcome({ ok: false, code: 'sessionExpired' })).toEqual(loggedOut);
    expect(healthCheckOutcome({ ok: false, message: 'expired token' })).toEqual(loggedOut);
  });
});

describe('chunk reload and help widgets', () => {
  it('reloads once on a chunk-load failure', () => {
    expect(chunkReloadDecision(false)).toBe('reload');
    expect(chunkReloadDecision(true)).toBe('routing-error');
  });

  it('hides help on public routes and composers only', () => {
    expect(isHelpHidden(routeByName('verify-member'))).toBe(true);
    expect(isHelpHidden(routeByName('login'))).toBe(true);
    expect(isHelpHidden(routeByName('template-form-compose'))).toBe(true);
    expect(isHelpHidden(routeByName('analytic'))).toBe(false);
  });
});
