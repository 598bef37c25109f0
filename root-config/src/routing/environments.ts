import type { RouteName } from '@app/contract/routes/routes';

export type Environment = 'sandbox' | 'production';

/** Product tour flags that make up "profile completion" (§3, §4). */
export type ProfileTours = {
  readonly productionDataCompletion: boolean;
  readonly productionWelcome: boolean;
};

/** §2 Guards, word for word: the only routes usable in sandbox mode. */
export const sandboxAllowed = [
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
] as const satisfies readonly RouteName[];

/**
 * Production routes that need profile completion (§2 "a longer list"). Decided from the route table:
 * every production-only feature screen, i.e. everything that configures or uses real sending:
 * domains (add, sending, bounce, tracking, with details), webhooks, IP pools, sub-accounts, API keys (list,
 * create, detail, edit), suppression, email validation (and its test screen) and templates (list, add,
 * edit, created, detail). Reporting (analytic, activity, preset), settings and onboarding screens stay
 * open without completion so the user can reach /welcome-to-production and finish the profile.
 */
export const productionRequiresProfile = [
  'domain-add',
  'sending-domain',
  'sending-domain-detail',
  'bounce-domain',
  'bounce-domain-detail',
  'tracking-domain',
  'tracking-domain-detail',
  'webhook',
  'webhook-create',
  'webhook-detail',
  'webhook-edit',
  'ip-pool',
  'ip-pool-create',
  'ip-pool-detail',
  'subaccount',
  'subaccount-create',
  'subaccount-detail',
  'subaccount-edit',
  'api-key',
  'api-key-create',
  'api-key-detail',
  'api-key-edit',
  'suppression',
  'email-validation',
  'email-validation-test',
  'template',
  'template-add',
  'template-edit',
  'template-created',
  'template-detail',
] as const satisfies readonly RouteName[];

/**
 * Production routes usable without profile completion. Not listed (so production sends them to
 * switch-to-sandbox-environment): request-production-environment, switch-to-production-environment and
 * loading-switch-production-environment, which only make sense in sandbox.
 */
export const productionWithoutProfile = [
  'loading-data',
  'welcome',
  'survey',
  'configuration',
  'activity',
  'activity-detail',
  'analytic',
  'analytic-preset',
  'preset',
  'usage-monitoring',
  'contact-us',
  'account-setting',
  'create-member',
  'api-instruction',
  'welcome-to-production',
  'loading-switch-sandbox-environment',
  'switch-to-sandbox-environment',
] as const satisfies readonly RouteName[];

export const productionAllowed: readonly RouteName[] = [
  ...productionRequiresProfile,
  ...productionWithoutProfile,
];

/**
 * Protected routes outside the sandbox/production split (decided here, §2 is silent): the shell's
 * /loading screen, the second-factor step (handled by the 2FA rule) and the composers (editor, shared
 * with the marketing side, not a console environment screen). Redirect-only routes never reach the
 * environment rules.
 */
export const environmentExempt = [
  'loading',
  'two-factor',
  'page-compose',
  'template-page-compose',
  'template-email-compose',
  'form-compose',
  'form-au-compose',
  'formpage-compose',
  'template-form-compose',
] as const satisfies readonly RouteName[];

const sandboxSet: ReadonlySet<RouteName> = new Set(sandboxAllowed);
const profileSet: ReadonlySet<RouteName> = new Set(productionRequiresProfile);
const productionSet: ReadonlySet<RouteName> = new Set(productionAllowed);
const exemptSet: ReadonlySet<RouteName> = new Set(environmentExempt);

export function isSandboxAllowed(name: RouteName): boolean {
  return sandboxSet.has(name);
}

export function requiresProductionProfile(name: RouteName): boolean {
  return profileSet.has(name);
}

export function isProductionAllowed(name: RouteName): boolean {
  return productionSet.has(name);
}

export function isEnvironmentExempt(name: RouteName): boolean {
  return exemptSet.has(name);
}

/**
 * Whether the sandbox/production split leaves a route alone: the exempt routes above, and every
 * marketing route (one with a §1 area). Sandbox and production are the transactional console's
 * environments (§2 Guards); contacts, campaigns or files are the company's whichever it is in.
 */
export function isOutsideEnvironments(route: { readonly name: RouteName; readonly area?: string }): boolean {
  return route.area !== undefined || isEnvironmentExempt(route.name);
}

/** §4: production is usable only when productionDataCompletion and productionWelcome are both true. */
export function isProfileComplete(tours: ProfileTours): boolean {
  return tours.productionDataCompletion && tours.productionWelcome;
}
