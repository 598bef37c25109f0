import { describe, expect, it } from 'vitest';
import { featureFlagsFor, isConsoleProfile, isFeatureOn, rangeRulesFor } from './feature-flags.ts';
import type { ConsoleFlags, FlagPath } from './flags.ts';
import { defaultConsoleFlags } from './flags.ts';

/** Every path of the tree: groups and sub-flags. */
function allPaths(flags: ConsoleFlags): FlagPath[] {
  return Object.entries(flags).flatMap(([group, values]) => [
    group as FlagPath,
    ...Object.keys(values)
      .filter((key) => key !== 'enabled')
      .map((key) => `${group}.${key}` as FlagPath),
  ]);
}

const paths = allPaths(defaultConsoleFlags());

function offPaths(flags: ConsoleFlags): FlagPath[] {
  return paths.filter((path) => !isFeatureOn(flags, path));
}

const expectOff = (flags: ConsoleFlags, list: FlagPath[]) => {
  for (const path of list) expect(isFeatureOn(flags, path), path).toBe(false);
};
const expectOn = (flags: ConsoleFlags, list: FlagPath[]) => {
  for (const path of list) expect(isFeatureOn(flags, path), path).toBe(true);
};

describe('default tree', () => {
  it('has every §6 flag, all on', () => {
    const flags = featureFlagsFor();
    expect(offPaths(flags)).toEqual([]);
    for (const path of [
      'app.documentation',
      'app.support',
      'app.environment',
      'app.accountSetting',
      'app.billing',
      'app.update',
      'analytic',
      'analyticFilter',
      'activity.export',
      'configuration',
      'suppression',
      'emailValidation',
      'setting.alerting',
      'setting.monitoring',
      'setting.emailMonitoring',
      'setting.webhookMonitoring',
      'setting.usageMonitoring',
      'setting.notification',
      'setting.userManagement',
      'setting.userManagementAdd',
      'usage',
      'sendingDomain.create',
      'bounceDomain.detail',
      'trackingDomain.update',
      'trackingDomain.delete',
      'subaccount',
      'apiKey.allowedIps',
      'apiKey.instruction',
      'apiKey.allowSDK',
      'ipPool',
      'webhook.activity',
      'webhook.authentication',
      'template.create',
      'template.detail',
      'template.update',
      'template.delete',
    ] as const) {
      expect(paths).toContain(path);
    }
  });
  it('gives a fresh tree each time', () => {
    const first = featureFlagsFor();
    first.app.billing = false;
    expect(featureFlagsFor().app.billing).toBe(true);
  });
  it('allows any custom range', () => {
    expect(rangeRulesFor()).toEqual({
      options: [1, 7, 30, 'custom'],
      customMaxSelectedDays: null,
      customMaxDaysBack: null,
    });
  });
});

describe('isFeatureOn', () => {
  it('reads a group and a sub-flag', () => {
    const flags = featureFlagsFor();
    expect(isFeatureOn(flags, 'webhook')).toBe(true);
    expect(isFeatureOn(flags, 'webhook.activity')).toBe(true);
    flags.webhook.activity = false;
    expect(isFeatureOn(flags, 'webhook.activity')).toBe(false);
    expect(isFeatureOn(flags, 'webhook.authentication')).toBe(true);
  });
  it('a sub-flag is off when its group is off', () => {
    const flags = featureFlagsFor();
    flags.template.enabled = false;
    expect(isFeatureOn(flags, 'template.create')).toBe(false);
  });
});

describe('profile A (limited)', () => {
  const flags = featureFlagsFor('A');
  it('hides what §6 lists', () => {
    expectOff(flags, [
      'app.update',
      'app.environment',
      'analytic.breakdown',
      'setting.notification',
      'setting.userManagement',
      'setting.userManagementAdd',
      'app.billing',
      'usage.information',
      'sendingDomain.create',
      'subaccount',
      'apiKey.allowedIps',
      'apiKey.create',
      'apiKey.update',
      'webhook.activity',
      'webhook.authentication',
    ]);
  });
  it('keeps the rest', () => {
    expectOn(flags, [
      'usage',
      'sendingDomain.detail',
      'apiKey',
      'apiKey.allowSDK',
      'webhook',
      'template',
      'app.support',
    ]);
  });
});

describe('profile B', () => {
  const flags = featureFlagsFor('B');
  it('turns usage off and keeps user management on', () => {
    expect(offPaths(flags).filter((path) => path.startsWith('usage'))).toHaveLength(5);
    expect(offPaths(flags).every((path) => path.startsWith('usage'))).toBe(true);
    expectOn(flags, ['setting.userManagement', 'setting.userManagementAdd']);
  });
});

const usageOnlyHidden: FlagPath[] = [
  'app.support',
  'app.documentation',
  'app.update',
  'analytic.timezone',
  'analytic.preset',
  'analytic.bounceReason',
  'activity.export',
  'suppression',
  'emailValidation',
  'configuration',
  'sendingDomain',
  'bounceDomain',
  'trackingDomain',
  'subaccount',
  'webhook',
  'apiKey',
  'ipPool',
  'template',
  'usage.plan',
  'usage.chart',
  'usage.addOn',
  'setting.usageMonitoring',
  'setting.userManagementAdd',
];

describe('profile C (usage only)', () => {
  const flags = featureFlagsFor('C');
  it('hides what §6 lists', () => {
    expectOff(flags, usageOnlyHidden);
  });
  it('shows usage with information only, notification on', () => {
    expectOn(flags, [
      'usage',
      'usage.information',
      'setting.notification',
      'analytic',
      'activity',
      'app.accountSetting',
    ]);
  });
  it('offers 1, 7, 30 days or custom, custom at most 30 days selected and 367 back', () => {
    expect(rangeRulesFor('C')).toEqual({
      options: [1, 7, 30, 'custom'],
      customMaxSelectedDays: 30,
      customMaxDaysBack: 367,
    });
  });
});

describe('profile D', () => {
  const flags = featureFlagsFor('D');
  it('is like C but without usage information and account setting', () => {
    expectOff(flags, [...usageOnlyHidden, 'usage.information', 'app.accountSetting']);
    expectOn(flags, ['usage', 'setting.notification']);
    expect(offPaths(flags).sort()).toEqual(
      [...offPaths(featureFlagsFor('C')), 'usage.information', 'app.accountSetting'].sort(),
    );
    expect(rangeRulesFor('D')).toEqual(rangeRulesFor('C'));
  });
});

describe('profile E', () => {
  const flags = featureFlagsFor('E');
  it('hides what §6 lists', () => {
    expectOff(flags, [
      'app.environment',
      'app.support',
      'app.documentation',
      'app.billing',
      'app.accountSetting',
      'app.update',
      'activity.export',
      'emailValidation',
      'trackingDomain',
      'bounceDomain',
      'apiKey.allowSDK',
      'usage.plan',
      'usage.addOn',
      'setting.userManagement',
    ]);
  });
  it('keeps sending domains, suppression and API keys', () => {
    expectOn(flags, ['sendingDomain.create', 'suppression', 'apiKey.create', 'usage.information', 'webhook']);
  });
});

describe('profile F', () => {
  const flags = featureFlagsFor('F');
  it('hides what §6 lists', () => {
    expectOff(flags, [
      'app.support',
      'app.documentation',
      'app.update',
      'suppression',
      'emailValidation',
      'configuration',
      'sendingDomain',
      'bounceDomain',
      'trackingDomain',
      'subaccount',
      'webhook',
      'apiKey',
      'ipPool',
      'template',
      'usage',
      'setting.notification',
      'setting.usageMonitoring',
      'setting.userManagementAdd',
      'app.accountSetting',
    ]);
  });
  it('keeps analytics, activity and user management', () => {
    expectOn(flags, [
      'analytic',
      'activity.export',
      'setting.userManagement',
      'app.environment',
      'app.billing',
    ]);
  });
});

describe('isConsoleProfile', () => {
  it('accepts A–F only', () => {
    expect(['A', 'B', 'C', 'D', 'E', 'F'].every(isConsoleProfile)).toBe(true);
    expect(isConsoleProfile('G')).toBe(false);
    expect(isConsoleProfile(undefined)).toBe(false);
  });
});
