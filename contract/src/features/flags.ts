/**
 * §6 console feature flag tree, all on by default. Every group has `enabled`; its sub-flags only
 * count while the group is enabled (see isFeatureOn).
 * Added beyond the §6 tree because the restricted profiles name them: analytic.breakdown,
 * analytic.timezone, analytic.preset, analytic.bounceReason, usage.information, usage.plan,
 * usage.chart, usage.addOn, apiKey.create, apiKey.update.
 */
export interface ConsoleFlags {
  app: {
    enabled: boolean;
    documentation: boolean;
    support: boolean;
    environment: boolean;
    accountSetting: boolean;
    billing: boolean;
    update: boolean;
  };
  analytic: {
    enabled: boolean;
    breakdown: boolean;
    timezone: boolean;
    preset: boolean;
    bounceReason: boolean;
  };
  analyticFilter: { enabled: boolean };
  activity: { enabled: boolean; export: boolean };
  configuration: { enabled: boolean };
  suppression: { enabled: boolean };
  emailValidation: { enabled: boolean };
  setting: {
    enabled: boolean;
    alerting: boolean;
    monitoring: boolean;
    emailMonitoring: boolean;
    webhookMonitoring: boolean;
    usageMonitoring: boolean;
    notification: boolean;
    userManagement: boolean;
    userManagementAdd: boolean;
  };
  usage: { enabled: boolean; information: boolean; plan: boolean; chart: boolean; addOn: boolean };
  sendingDomain: DomainFlags;
  bounceDomain: DomainFlags;
  trackingDomain: DomainFlags;
  subaccount: { enabled: boolean };
  apiKey: {
    enabled: boolean;
    create: boolean;
    update: boolean;
    allowedIps: boolean;
    instruction: boolean;
    allowSDK: boolean;
  };
  ipPool: { enabled: boolean };
  webhook: { enabled: boolean; activity: boolean; authentication: boolean };
  template: { enabled: boolean; create: boolean; detail: boolean; update: boolean; delete: boolean };
}

export interface DomainFlags {
  enabled: boolean;
  create: boolean;
  detail: boolean;
  update: boolean;
  delete: boolean;
}

export type FlagGroup = keyof ConsoleFlags;

/** 'webhook' (the group) or 'webhook.activity' (a sub-flag). */
export type FlagPath = {
  [G in FlagGroup]: G | `${G}.${Exclude<keyof ConsoleFlags[G], 'enabled'> & string}`;
}[FlagGroup];

/** Overrides a profile applies on the default tree. */
export type FlagOverrides = { [G in FlagGroup]?: Partial<ConsoleFlags[G]> };

const domain = (): DomainFlags => ({ enabled: true, create: true, detail: true, update: true, delete: true });

/** A fresh all-on tree. */
export function defaultConsoleFlags(): ConsoleFlags {
  return {
    app: {
      enabled: true,
      documentation: true,
      support: true,
      environment: true,
      accountSetting: true,
      billing: true,
      update: true,
    },
    analytic: { enabled: true, breakdown: true, timezone: true, preset: true, bounceReason: true },
    analyticFilter: { enabled: true },
    activity: { enabled: true, export: true },
    configuration: { enabled: true },
    suppression: { enabled: true },
    emailValidation: { enabled: true },
    setting: {
      enabled: true,
      alerting: true,
      monitoring: true,
      emailMonitoring: true,
      webhookMonitoring: true,
      usageMonitoring: true,
      notification: true,
      userManagement: true,
      userManagementAdd: true,
    },
    usage: { enabled: true, information: true, plan: true, chart: true, addOn: true },
    sendingDomain: domain(),
    bounceDomain: domain(),
    trackingDomain: domain(),
    subaccount: { enabled: true },
    apiKey: {
      enabled: true,
      create: true,
      update: true,
      allowedIps: true,
      instruction: true,
      allowSDK: true,
    },
    ipPool: { enabled: true },
    webhook: { enabled: true, activity: true, authentication: true },
    template: { enabled: true, create: true, detail: true, update: true, delete: true },
  };
}
