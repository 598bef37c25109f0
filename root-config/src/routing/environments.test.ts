import { routes } from '@app/contract/routes/routes';
import { describe, expect, it } from 'vitest';
import {
  environmentExempt,
  isOutsideEnvironments,
  isProfileComplete,
  productionAllowed,
  productionRequiresProfile,
  sandboxAllowed,
} from './environments.ts';

describe('environment lists', () => {
  it('sandbox list is exactly the §2 list', () => {
    expect([...sandboxAllowed].sort()).toEqual(
      [
        'loading-data',
        'welcome',
        'configuration',
        'activity',
        'activity-detail',
        'analytic',
        'analytic-preset',
        'preset',
        'loading-switch-production-environment',
        'request-production-environment',
        'switch-to-production-environment',
        'usage-monitoring',
        'contact-us',
        'account-setting',
        'create-member',
        'survey',
      ].sort(),
    );
  });

  it('production allows every profile-gated route', () => {
    for (const name of productionRequiresProfile) expect(productionAllowed).toContain(name);
  });

  it('gates domains, webhooks, sub-accounts, API keys, suppression, validation and templates', () => {
    for (const name of [
      'sending-domain',
      'webhook',
      'subaccount',
      'api-key',
      'suppression',
      'email-validation',
      'template',
    ])
      expect(productionRequiresProfile).toContain(name);
  });

  it('leaves no protected non-redirect route without an environment rule', () => {
    const known = new Set<string>([...sandboxAllowed, ...productionAllowed, ...environmentExempt]);
    const orphans = routes
      .filter((route) => route.access === 'protected' && route.redirect === undefined)
      .filter((route) => !known.has(route.name) && !isOutsideEnvironments(route));
    expect(orphans).toEqual([]);
  });

  it('keeps each environment able to reach the switch screen and onboarding', () => {
    expect(sandboxAllowed).toContain('switch-to-production-environment');
    expect(productionAllowed).toContain('switch-to-sandbox-environment');
    expect(productionAllowed).toContain('welcome-to-production');
    expect(productionRequiresProfile).not.toContain('welcome-to-production');
  });

  it('profile completion needs both tour flags', () => {
    expect(isProfileComplete({ productionDataCompletion: true, productionWelcome: true })).toBe(true);
    expect(isProfileComplete({ productionDataCompletion: true, productionWelcome: false })).toBe(false);
    expect(isProfileComplete({ productionDataCompletion: false, productionWelcome: true })).toBe(false);
  });
});
