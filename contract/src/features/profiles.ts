import type { FlagOverrides } from './flags.ts';
import type { RangeRules } from './ranges.ts';
import { defaultRangeRules, restrictedRangeRules } from './ranges.ts';

export const consoleProfiles = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type ConsoleProfile = (typeof consoleProfiles)[number];

export interface ProfileDefinition {
  description: string;
  overrides: FlagOverrides;
  ranges: RangeRules;
}

const off = { enabled: false } as const;
const noDomains = { sendingDomain: off, bounceDomain: off, trackingDomain: off } as const;

const usageOnlyOverrides: FlagOverrides = {
  app: { support: false, documentation: false, update: false },
  analytic: { timezone: false, preset: false, bounceReason: false },
  activity: { export: false },
  suppression: off,
  emailValidation: off,
  configuration: off,
  ...noDomains,
  subaccount: off,
  webhook: off,
  apiKey: off,
  ipPool: off,
  template: off,
  usage: { enabled: true, information: true, plan: false, chart: false, addOn: false },
  setting: { notification: true, usageMonitoring: false, userManagementAdd: false },
};

/** §6 restricted profiles A–F as overrides on the all-on tree. */
export const profileDefinitions: Readonly<Record<ConsoleProfile, ProfileDefinition>> = {
  A: {
    description: 'Limited',
    overrides: {
      app: { update: false, environment: false, billing: false },
      analytic: { breakdown: false },
      setting: { notification: false, userManagement: false, userManagementAdd: false },
      usage: { information: false },
      sendingDomain: { create: false },
      subaccount: off,
      apiKey: { allowedIps: false, create: false, update: false },
      webhook: { activity: false, authentication: false },
    },
    ranges: defaultRangeRules,
  },
  B: {
    description: 'Usage off, user management on',
    overrides: {
      usage: off,
      setting: { userManagement: true, userManagementAdd: true },
    },
    ranges: defaultRangeRules,
  },
  C: {
    description: 'Usage only',
    overrides: usageOnlyOverrides,
    ranges: restrictedRangeRules,
  },
  D: {
    description: 'Usage only, without usage information or account setting',
    overrides: {
      ...usageOnlyOverrides,
      app: { ...usageOnlyOverrides.app, accountSetting: false },
      usage: { ...usageOnlyOverrides.usage, information: false },
    },
    ranges: restrictedRangeRules,
  },
  E: {
    description: 'No environment, billing, account setting or user management',
    overrides: {
      app: {
        environment: false,
        support: false,
        documentation: false,
        billing: false,
        accountSetting: false,
        update: false,
      },
      activity: { export: false },
      emailValidation: off,
      trackingDomain: off,
      bounceDomain: off,
      apiKey: { allowSDK: false },
      usage: { plan: false, addOn: false },
      setting: { userManagement: false, userManagementAdd: false },
    },
    ranges: defaultRangeRules,
  },
  F: {
    description: 'Analytics and activity only',
    overrides: {
      app: { support: false, documentation: false, update: false, accountSetting: false },
      suppression: off,
      emailValidation: off,
      configuration: off,
      ...noDomains,
      subaccount: off,
      webhook: off,
      apiKey: off,
      ipPool: off,
      template: off,
      usage: off,
      setting: { notification: false, usageMonitoring: false, userManagementAdd: false },
    },
    ranges: defaultRangeRules,
  },
};
