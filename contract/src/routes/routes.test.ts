import { describe, expect, it } from 'vitest';
import { buildPath, matchRoute, type RouteName, routeByName, routes } from './routes.ts';

const specPaths: ReadonlyArray<readonly [string, RouteName, Record<string, string>?]> = [
  ['/', 'homepage'],
  ['/login', 'login'],
  ['/loading', 'loading'],
  ['/loading-data', 'loading-data'],
  ['/google-registered', 'google-registered'],
  ['/welcome', 'welcome'],
  ['/survey', 'survey'],
  ['/page/loading', 'page-loading'],
  ['/logout', 'logout'],
  ['/error', 'error'],
  ['/signup', 'signup'],
  ['/configuration', 'configuration'],
  ['/authorized-recipient/verify/abc', 'authorized-recipient-verify', { id: 'abc' }],
  ['/activity', 'activity'],
  ['/activity/42', 'activity-detail', { id: '42' }],
  ['/analytic', 'analytic'],
  ['/analytic/preset/7', 'analytic-preset', { id: '7' }],
  ['/suppression', 'suppression'],
  ['/email-validation', 'email-validation'],
  ['/email-validation-test', 'email-validation-test'],
  ['/preset', 'preset'],
  ['/preparing-production-environment', 'loading-switch-production-environment'],
  ['/preparing-sandbox-environment', 'loading-switch-sandbox-environment'],
  ['/request-production-environment', 'request-production-environment'],
  ['/switch-to-sandbox-environment', 'switch-to-sandbox-environment'],
  ['/switch-to-production-environment', 'switch-to-production-environment'],
  ['/domain', 'domain'],
  ['/domain/add', 'domain-add'],
  ['/domain/bounce', 'bounce-domain'],
  ['/domain/bounce/b1', 'bounce-domain-detail', { id: 'b1' }],
  ['/domain/sending', 'sending-domain'],
  ['/domain/sending/s1', 'sending-domain-detail', { id: 's1' }],
  ['/domain/tracking', 'tracking-domain'],
  ['/domain/tracking/t1', 'tracking-domain-detail', { id: 't1' }],
  ['/webhook', 'webhook'],
  ['/webhook/create', 'webhook-create'],
  ['/webhook/w1', 'webhook-detail', { id: 'w1' }],
  ['/webhook/w1/edit', 'webhook-edit', { id: 'w1' }],
  ['/ip-pool', 'ip-pool'],
  ['/ip-pool/create', 'ip-pool-create'],
  ['/ip-pool/marketing', 'ip-pool-detail', { id: 'marketing' }],
  ['/subaccount', 'subaccount'],
  ['/subaccount/create', 'subaccount-create'],
  ['/subaccount/9', 'subaccount-detail', { id: '9' }],
  ['/subaccount/9/edit', 'subaccount-edit', { id: '9' }],
  ['/api-key', 'api-key'],
  ['/api-key/create', 'api-key-create'],
  ['/api-key/k1', 'api-key-detail', { id: 'k1' }],
  ['/api-key/k1/edit', 'api-key-edit', { id: 'k1' }],
  ['/api-instruction', 'api-instruction'],
  ['/welcome-to-production', 'welcome-to-production'],
  ['/usage-monitoring', 'usage-monitoring'],
  ['/contact-us', 'contact-us'],
  ['/template', 'template'],
  ['/template/add', 'template-add'],
  ['/template/edit/t9', 'template-edit', { id: 't9' }],
  ['/template/created/t9', 'template-created', { id: 't9' }],
  ['/template/t9', 'template-detail', { id: 't9' }],
  ['/account-setting', 'account-setting'],
  ['/create-member', 'create-member'],
  ['/verify/member/m1', 'verify-member', { id: 'm1' }],
  ['/err', 'err'],
  ['/forgot-password', 'forgot-password'],
  ['/reset-password', 'reset-password'],
  ['/validate', 'validate'],
  ['/two-factor', 'two-factor'],
  ['/captured-mail', 'captured-mail'],
  ['/page/compose/p1', 'page-compose', { id: 'p1' }],
  ['/template/page/compose/p1', 'template-page-compose', { id: 'p1' }],
  ['/form/compose/f1', 'form-compose', { id: 'f1' }],
  ['/form/au/compose/f1', 'form-au-compose', { id: 'f1' }],
  ['/formpage/compose/f1', 'formpage-compose', { id: 'f1' }],
  ['/template/form/compose/f1', 'template-form-compose', { id: 'f1' }],
  ['/template/email/compose/e1', 'template-email-compose', { id: 'e1' }],
  ['/dashboard', 'dashboard'],
  ['/file-manager', 'file-manager'],
  ['/sender', 'sender'],
  ['/sender/validate/7', 'sender-validate', { id: '7' }],
  ['/contact', 'contact'],
  ['/contact/add', 'contact-add'],
  ['/contact/import', 'contact-import'],
  ['/contact/segment', 'contact-segment'],
  ['/contact/label', 'contact-label'],
  ['/contact/field', 'contact-field'],
  ['/contact/42', 'contact-detail', { id: '42' }],
  ['/campaign', 'campaign'],
  ['/campaign/category', 'campaign-category'],
  ['/campaign/9', 'campaign-compose', { id: '9' }],
  ['/ab-test', 'ab-test'],
  ['/ab-test/9', 'ab-test-compose', { id: '9' }],
  ['/form', 'form'],
  ['/form/12', 'form-detail', { id: '12' }],
  ['/page', 'page'],
  ['/page/integration', 'page-integration'],
  ['/template-manager', 'template-manager'],
  ['/page/7', 'page-detail', { id: '7' }],
  ['/subscriber-setting', 'subscriber-setting'],
];

describe('route table', () => {
  it.each(specPaths.map(([path, name, params]) => ({ path, name, params: params ?? {} })))(
    '$path matches $name',
    ({ path, name, params }) => {
      const match = matchRoute(path);
      expect(match?.route.name).toBe(name);
      expect(match?.params).toEqual(params);
    },
  );

  it('covers every route exactly once in the spec list', () => {
    const covered = new Set(specPaths.map(([, name]) => name));
    expect(routes.map((route) => route.name).filter((name) => !covered.has(name))).toEqual([]);
  });

  it('has unique names and unique paths', () => {
    expect(new Set(routes.map((route) => route.name)).size).toBe(routes.length);
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length);
  });

  it.each([
    '/nope',
    '/analytic/preset',
    '/domain/sending/s1/extra',
    '/webhook/w1/delete',
    '/Analytic',
    '/template/edit/1/x',
    '/api-key/create/x',
  ])('does not match unknown path %s', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it('ignores one trailing slash', () => {
    expect(matchRoute('/activity/')?.route.name).toBe('activity');
  });

  it('prefers static segments over params', () => {
    expect(matchRoute('/template/add')?.route.name).toBe('template-add');
    expect(matchRoute('/api-key/create')?.route.name).toBe('api-key-create');
    expect(matchRoute('/webhook/create')?.route.name).toBe('webhook-create');
    expect(matchRoute('/domain/add')?.route.name).toBe('domain-add');
  });

  it('decodes params and rejects malformed encodings', () => {
    expect(matchRoute('/activity/a%20b')?.params).toEqual({ id: 'a b' });
    expect(matchRoute('/activity/%E0%A4%A')).toBeNull();
  });

  it('assigns apps and access per the brief', () => {
    expect(routeByName('login')).toMatchObject({ app: '@app/mf-account', access: 'guest' });
    expect(routeByName('signup')).toMatchObject({ app: '@app/mf-account', access: 'guest' });
    expect(routeByName('page-compose')).toMatchObject({ app: '@app/mf-marketing', compose: true });
    expect(routeByName('template-page-compose')).toMatchObject({
      app: '@app/mf-marketing',
      compose: true,
      helpHidden: true,
    });
    expect(routeByName('analytic')).toMatchObject({ app: '@app/mf-console', access: 'protected' });
    expect(routeByName('loading-data')).toMatchObject({ app: 'shell', access: 'protected' });
    expect(routeByName('authorized-recipient-verify').access).toBe('public');
    expect(routeByName('verify-member').access).toBe('public');
    expect(routeByName('two-factor')).toMatchObject({ access: 'protected', tokenStage: '2fa' });
    const publicNames = routes.filter((route) => route.access === 'public').map((route) => route.name);
    expect(publicNames.sort()).toEqual(
      [
        'error',
        'err',
        'google-registered',
        'logout',
        'forgot-password',
        'reset-password',
        'validate',
        'captured-mail',
        'verify-member',
        'authorized-recipient-verify',
        'sender-validate',
      ].sort(),
    );
    // Marketing routes name their §1 area (the full variant shows them) and plan group.
    expect(routeByName('file-manager')).toMatchObject({
      app: '@app/mf-marketing',
      area: 'fileManager',
      planGroup: 'file manager',
    });
    expect(routeByName('sender')).toMatchObject({ area: 'senders', planGroup: 'sender' });
  });

  it('declares the pure redirects', () => {
    expect(routeByName('homepage').redirect).toBe('/analytic');
    expect(routeByName('page-loading').redirect).toBe('/analytic');
    expect(routeByName('domain').redirect).toBe('/domain/sending');
  });
});

describe('buildPath', () => {
  it('fills params and appends the query', () => {
    expect(buildPath('webhook-edit', { id: 'w 1' })).toBe('/webhook/w%201/edit');
    expect(buildPath('analytic', undefined, { range: 'Last 7 days', skip: undefined })).toBe(
      '/analytic?range=Last%207%20days',
    );
    expect(buildPath('homepage')).toBe('/');
  });

  it('round-trips through matchRoute', () => {
    const path = buildPath('template-edit', { id: 'a/b' });
    expect(matchRoute(path)).toMatchObject({ route: { name: 'template-edit' }, params: { id: 'a/b' } });
  });

  it('throws on a missing param', () => {
    expect(() => buildPath('activity-detail')).toThrow(/id/);
  });
});
