import { routeByName } from '@app/contract/routes/routes';
import { describe, expect, it } from 'vitest';
import {
  decideNavigation,
  errHealthCheckTarget,
  googleRegisteredRule,
  guestRule,
  loadErrorRule,
  missingTokenRule,
  type NavigationInput,
  notFoundRule,
  postLoginTarget,
  productionRule,
  publicRule,
  redirectRouteRule,
  type SessionState,
  sandboxRule,
  secondFactorRule,
  sessionLoadRule,
} from './guards.ts';

const full = { stage: 'full' } as const;
const twoFa = { stage: '2fa' } as const;
const complete = { productionDataCompletion: true, productionWelcome: true };
const incomplete = { productionDataCompletion: true, productionWelcome: false };
const sandbox: SessionState = { environment: 'sandbox', tours: incomplete };
const production: SessionState = { environment: 'production', tours: complete };
const productionIncomplete: SessionState = { environment: 'production', tours: incomplete };

function nav(overrides: Partial<NavigationInput> & Pick<NavigationInput, 'pathname'>) {
  return decideNavigation({ search: '', token: full, session: production, ...overrides });
}

describe('single rules', () => {
  it('missing token on a protected route → /login with the encoded original path and query', () => {
    expect(missingTokenRule(routeByName('webhook-edit'), null, '/webhook/1/edit?tab=a&b=c')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fwebhook%2F1%2Fedit%3Ftab%3Da%26b%3Dc',
    });
    expect(missingTokenRule(routeByName('analytic'), full, '/analytic')).toBeNull();
    expect(missingTokenRule(routeByName('error'), null, '/error')).toBeNull();
  });

  it('token without loaded session → load-session', () => {
    expect(sessionLoadRule(full, null)).toEqual({ kind: 'load-session' });
    expect(sessionLoadRule(full, sandbox)).toBeNull();
    expect(sessionLoadRule(null, null)).toBeNull();
  });

  it('second-factor stage only opens /two-factor', () => {
    expect(secondFactorRule(routeByName('analytic'), twoFa, '/analytic?x=1', '')).toEqual({
      kind: 'redirect',
      to: '/two-factor?redirect=%2Fanalytic%3Fx%3D1',
    });
    expect(secondFactorRule(routeByName('two-factor'), twoFa, '/two-factor', '')).toEqual({ kind: 'allow' });
    expect(secondFactorRule(routeByName('analytic'), full, '/analytic', '')).toBeNull();
    expect(secondFactorRule(routeByName('error'), twoFa, '/error', '')).toBeNull();
  });

  it('/two-factor without a token → /login (keeping a safe redirect); with a full token → onwards', () => {
    const route = routeByName('two-factor');
    expect(secondFactorRule(route, null, '/two-factor', '')).toEqual({ kind: 'redirect', to: '/login' });
    expect(secondFactorRule(route, null, '/two-factor?redirect=/webhook', '?redirect=/webhook')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fwebhook',
    });
    expect(secondFactorRule(route, full, '/two-factor?redirect=/webhook', '?redirect=/webhook')).toEqual({
      kind: 'redirect',
      to: '/webhook',
    });
    expect(secondFactorRule(route, full, '/two-factor', '?redirect=//evil.example')).toEqual({
      kind: 'redirect',
      to: '/analytic',
    });
  });

  it('sandbox: routes outside the sandbox list → switch-to-production-environment?to=', () => {
    expect(sandboxRule(routeByName('webhook'), sandbox, '/webhook?p=2')).toEqual({
      kind: 'redirect',
      to: '/switch-to-production-environment?to=%2Fwebhook%3Fp%3D2',
    });
    expect(sandboxRule(routeByName('analytic'), sandbox, '/analytic')).toEqual({ kind: 'allow' });
    expect(sandboxRule(routeByName('page-compose'), sandbox, '/page/compose/1')).toBeNull();
    expect(sandboxRule(routeByName('webhook'), production, '/webhook')).toBeNull();
  });

  it('production: profile-gated route without completion → /welcome-to-production', () => {
    expect(productionRule(routeByName('sending-domain'), productionIncomplete, '/domain/sending')).toEqual({
      kind: 'redirect',
      to: '/welcome-to-production',
    });
    expect(productionRule(routeByName('sending-domain'), production, '/domain/sending')).toEqual({
      kind: 'allow',
    });
    expect(productionRule(routeByName('analytic'), productionIncomplete, '/analytic')).toEqual({
      kind: 'allow',
    });
  });

  it('production: routes outside the production list → switch-to-sandbox-environment?to=', () => {
    expect(
      productionRule(
        routeByName('request-production-environment'),
        production,
        '/request-production-environment',
      ),
    ).toEqual({
      kind: 'redirect',
      to: '/switch-to-sandbox-environment?to=%2Frequest-production-environment',
    });
    expect(productionRule(routeByName('webhook'), sandbox, '/webhook')).toBeNull();
  });

  it('marketing routes are outside the sandbox/production split: neither rule applies to them', () => {
    for (const name of ['dashboard', 'file-manager', 'sender'] as const) {
      expect(sandboxRule(routeByName(name), sandbox, `/${name}`)).toBeNull();
      expect(productionRule(routeByName(name), productionIncomplete, `/${name}`)).toBeNull();
    }
  });

  it('load failure: 401 → logout to /login, anything else → /error', () => {
    expect(loadErrorRule({ status: 401 })).toEqual({ kind: 'logout', to: '/login' });
    expect(loadErrorRule({ status: 500 })).toEqual({ kind: 'error', to: '/error' });
    expect(loadErrorRule({ status: 0 })).toEqual({ kind: 'error', to: '/error' });
    expect(loadErrorRule(undefined)).toBeNull();
  });

  it('guest routes send a fully logged-in user home', () => {
    const login = routeByName('login');
    expect(guestRule(login, null, null)).toEqual({ kind: 'allow' });
    expect(guestRule(login, twoFa, null)).toEqual({ kind: 'allow' });
    expect(guestRule(login, full, null)).toEqual({ kind: 'load-session' });
    expect(guestRule(login, full, production)).toEqual({ kind: 'redirect', to: '/analytic' });
    expect(guestRule(routeByName('signup'), full, productionIncomplete)).toEqual({
      kind: 'redirect',
      to: '/welcome-to-production',
    });
    expect(guestRule(login, full, sandbox)).toEqual({ kind: 'redirect', to: '/analytic' });
    expect(guestRule(routeByName('analytic'), full, sandbox)).toBeNull();
  });

  it('pure redirects: homepage, /page/loading, /domain', () => {
    expect(redirectRouteRule(routeByName('homepage'), full)).toEqual({ kind: 'redirect', to: '/analytic' });
    expect(redirectRouteRule(routeByName('homepage'), null)).toEqual({ kind: 'redirect', to: '/login' });
    expect(redirectRouteRule(routeByName('page-loading'), full)).toEqual({
      kind: 'redirect',
      to: '/analytic',
    });
    expect(redirectRouteRule(routeByName('domain'), full)).toEqual({
      kind: 'redirect',
      to: '/domain/sending',
    });
    expect(redirectRouteRule(routeByName('analytic'), full)).toBeNull();
  });

  it('/google-registered with token and registered=true stores the token', () => {
    const route = routeByName('google-registered');
    expect(googleRegisteredRule(route, '?token=abc.def&registered=true')).toEqual({
      kind: 'store-token',
      token: 'abc.def',
      to: '/loading-data',
    });
    expect(googleRegisteredRule(route, '?token=abc&registered=false')).toBeNull();
    expect(googleRegisteredRule(route, '?registered=true')).toBeNull();
    expect(googleRegisteredRule(routeByName('login'), '?token=abc&registered=true')).toBeNull();
  });

  it('/err health check target: safe redirect query value or /dashboard', () => {
    expect(errHealthCheckTarget('?redirect=%2Fwebhook%3Fp%3D1')).toBe('/webhook?p=1');
    expect(errHealthCheckTarget('')).toBe('/dashboard');
    expect(errHealthCheckTarget('?redirect=https://evil.example')).toBe('/dashboard');
    expect(errHealthCheckTarget(new URLSearchParams({ redirect: '//evil.example' }))).toBe('/dashboard');
  });

  it('post-login target: safe redirect or /analytic', () => {
    expect(postLoginTarget('?redirect=%2Factivity')).toBe('/activity');
    expect(postLoginTarget('?redirect=%2F%2Fevil.example')).toBe('/analytic');
  });

  it('not found: a safe `to` query sends the user there, otherwise not-found', () => {
    expect(notFoundRule('?to=%2Fanalytic')).toEqual({ kind: 'redirect', to: '/analytic' });
    expect(notFoundRule('')).toEqual({ kind: 'not-found' });
    expect(notFoundRule('?to=https%3A%2F%2Fevil.example')).toEqual({ kind: 'not-found' });
    expect(notFoundRule('?to=%2F%2Fevil.example')).toEqual({ kind: 'not-found' });
    expect(notFoundRule('?to=%2F%5Cevil.example')).toEqual({ kind: 'not-found' });
  });

  it('public routes allow whatever the session', () => {
    expect(publicRule(routeByName('verify-member'))).toEqual({ kind: 'allow' });
    expect(publicRule(routeByName('login'))).toBeNull();
    expect(publicRule(routeByName('analytic'))).toBeNull();
  });
});

describe('decideNavigation', () => {
  it('sends an anonymous visitor of a protected route to login', () => {
    expect(nav({ pathname: '/activity/7', search: '?x=1', token: null, session: null })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Factivity%2F7%3Fx%3D1',
    });
  });

  it('asks to load the session before deciding environment rules', () => {
    expect(nav({ pathname: '/webhook', session: null })).toEqual({ kind: 'load-session' });
  });

  it('holds a second-factor token on /two-factor', () => {
    expect(nav({ pathname: '/analytic', token: twoFa, session: null })).toEqual({
      kind: 'redirect',
      to: '/two-factor?redirect=%2Fanalytic',
    });
    expect(nav({ pathname: '/two-factor', token: twoFa, session: null })).toEqual({ kind: 'allow' });
  });

  it('applies sandbox and production rules', () => {
    expect(nav({ pathname: '/api-key/create', session: sandbox })).toEqual({
      kind: 'redirect',
      to: '/switch-to-production-environment?to=%2Fapi-key%2Fcreate',
    });
    expect(nav({ pathname: '/api-key/create', session: productionIncomplete })).toEqual({
      kind: 'redirect',
      to: '/welcome-to-production',
    });
    expect(nav({ pathname: '/api-key/create' })).toEqual({ kind: 'allow' });
    expect(nav({ pathname: '/switch-to-production-environment' })).toEqual({
      kind: 'redirect',
      to: '/switch-to-sandbox-environment?to=%2Fswitch-to-production-environment',
    });
  });

  it('never loops on the environment switch screens', () => {
    expect(nav({ pathname: '/switch-to-production-environment', session: sandbox })).toEqual({
      kind: 'allow',
    });
    expect(nav({ pathname: '/switch-to-sandbox-environment' })).toEqual({ kind: 'allow' });
    expect(nav({ pathname: '/welcome-to-production', session: productionIncomplete })).toEqual({
      kind: 'allow',
    });
  });

  it('turns load failures into logout or error, but not on public routes', () => {
    expect(nav({ pathname: '/analytic', session: null, loadError: { status: 401 } })).toEqual({
      kind: 'logout',
      to: '/login',
    });
    expect(nav({ pathname: '/analytic', session: null, loadError: { status: 503 } })).toEqual({
      kind: 'error',
      to: '/error',
    });
    expect(nav({ pathname: '/error', session: null, loadError: { status: 503 } })).toEqual({ kind: 'allow' });
  });

  it('redirects guests and the pure redirect routes', () => {
    expect(nav({ pathname: '/login', session: productionIncomplete })).toEqual({
      kind: 'redirect',
      to: '/welcome-to-production',
    });
    expect(nav({ pathname: '/signup', token: null, session: null })).toEqual({ kind: 'allow' });
    expect(nav({ pathname: '/', token: null, session: null })).toEqual({ kind: 'redirect', to: '/login' });
    expect(nav({ pathname: '/' })).toEqual({ kind: 'redirect', to: '/analytic' });
    expect(nav({ pathname: '/page/loading' })).toEqual({ kind: 'redirect', to: '/analytic' });
    expect(nav({ pathname: '/domain/' })).toEqual({ kind: 'redirect', to: '/domain/sending' });
  });

  it('stores the google-registered token even without a stored one', () => {
    expect(
      nav({ pathname: '/google-registered', search: 'token=t1&registered=true', token: null, session: null }),
    ).toEqual({ kind: 'store-token', token: 't1', to: '/loading-data' });
    expect(nav({ pathname: '/google-registered', token: null, session: null })).toEqual({ kind: 'allow' });
  });

  it('handles unknown paths with and without a safe `to`', () => {
    expect(nav({ pathname: '/nowhere' })).toEqual({ kind: 'not-found' });
    expect(nav({ pathname: '/nowhere', search: '?to=/activity' })).toEqual({
      kind: 'redirect',
      to: '/activity',
    });
    expect(nav({ pathname: '/nowhere', search: '?to=//evil.example/x' })).toEqual({ kind: 'not-found' });
  });

  it('opens public routes to everyone', () => {
    for (const token of [null, twoFa, full]) {
      expect(nav({ pathname: '/verify/member/abc', token, session: null })).toEqual({ kind: 'allow' });
      expect(nav({ pathname: '/authorized-recipient/verify/1', token, session: sandbox })).toEqual({
        kind: 'allow',
      });
      expect(nav({ pathname: '/logout', token, session: null })).toEqual({ kind: 'allow' });
    }
  });

  it('lets composers through in either environment', () => {
    expect(nav({ pathname: '/form/compose/3', session: sandbox })).toEqual({ kind: 'allow' });
    expect(nav({ pathname: '/form/compose/3', session: production })).toEqual({ kind: 'allow' });
  });
});
