import type { ConsoleFlags, FlagPath } from '@app/contract';
import { isFeatureOn } from '@app/contract';
import type { RouteName } from '@app/contract/routes/route-table';

/**
 * The §6 console flag each route belongs to (a list: any of them): a restricted profile that turns
 * the flag off hides the route's menu item and the route itself. Routes not listed belong to no flag
 * (sign-in, the journey, the editor).
 */
export const routeFeatures: Partial<Record<RouteName, FlagPath | readonly FlagPath[]>> = {
  analytic: 'analytic',
  'analytic-preset': 'analytic.preset',
  preset: 'analytic.preset',
  activity: 'activity',
  'activity-detail': 'activity',
  configuration: 'configuration',
  suppression: 'suppression',
  'email-validation': 'emailValidation',
  'email-validation-test': 'emailValidation',
  // Adds any of the three kinds: open while one of them may be created (the page offers only those).
  'domain-add': ['sendingDomain.create', 'bounceDomain.create', 'trackingDomain.create'],
  'sending-domain': 'sendingDomain',
  'sending-domain-detail': 'sendingDomain.detail',
  'bounce-domain': 'bounceDomain',
  'bounce-domain-detail': 'bounceDomain.detail',
  'tracking-domain': 'trackingDomain',
  'tracking-domain-detail': 'trackingDomain.detail',
  webhook: 'webhook',
  'webhook-create': 'webhook',
  'webhook-detail': 'webhook',
  'webhook-edit': 'webhook',
  'ip-pool': 'ipPool',
  'ip-pool-create': 'ipPool',
  'ip-pool-detail': 'ipPool',
  subaccount: 'subaccount',
  'subaccount-create': 'subaccount',
  'subaccount-detail': 'subaccount',
  'subaccount-edit': 'subaccount',
  'api-key': 'apiKey',
  'api-key-create': 'apiKey.create',
  'api-key-detail': 'apiKey',
  'api-key-edit': 'apiKey.update',
  'api-instruction': 'apiKey.instruction',
  'usage-monitoring': 'usage',
  'account-setting': 'app.accountSetting',
  'create-member': 'setting.userManagementAdd',
  'contact-us': 'app.support',
  'request-production-environment': 'app.environment',
  'switch-to-production-environment': 'app.environment',
  'switch-to-sandbox-environment': 'app.environment',
  'loading-switch-production-environment': 'app.environment',
  'loading-switch-sandbox-environment': 'app.environment',
  template: 'template',
  'template-add': 'template.create',
  'template-edit': 'template.update',
  'template-created': 'template.create',
  'template-detail': 'template.detail',
};

/** Whether the company's flags let it open this route. */
export function routeFeatureOn(name: string, flags: ConsoleFlags): boolean {
  const feature = routeFeatures[name as RouteName];
  if (feature === undefined) return true;
  return typeof feature === 'string'
    ? isFeatureOn(flags, feature)
    : feature.some((one) => isFeatureOn(flags, one));
}
