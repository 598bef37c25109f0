import type { FlagPath } from '@app/contract';
import { featureFlagsFor, isFeatureOn, rangeRulesFor, timezoneOffsetFromText } from '@app/contract';
import type { Company } from '@app/contract/accounts/company';
import type { ProductTour } from '@app/contract/accounts/onboarding';
import type { Permission } from '@app/contract/accounts/team';
import type { User } from '@app/contract/accounts/users';
import type { ActiveSubscription, Usage } from '@app/contract/engine/usage';
import { atom, computed } from 'nanostores';
import { installConsoleProfile } from '../features/current.ts';

export const $user = atom<User | null>(null);
export const $company = atom<Company | null>(null);
export const $plan = atom<ActiveSubscription | null>(null);
export const $quota = atom<Partial<Usage>>({});
export const $tours = atom<Partial<ProductTour>>({});

/** The team (§3) as far as the console shows it today: the company's settings and the caller's role. */
export const $team = computed($company, (company) =>
  company
    ? {
        companyId: company.id,
        name: company.name,
        timezone: company.timezone,
        timezoneOffset: timezoneOffsetFromText(company.timezone),
        country: company.country,
        language: company.language,
        role: company.role,
        permissions: company.permissions,
      }
    : null,
);

const profileOf = (company: Company | null) => company?.consoleProfile ?? installConsoleProfile();

/** §6 console flags of the company's restricted profile, else the install's, else all on. */
export const $consoleFlags = computed($company, (company) => featureFlagsFor(profileOf(company)));

/** §6 date-range rules of that profile (restricted profiles: custom ranges are bounded). */
export const $rangeRules = computed($company, (company) => rangeRulesFor(profileOf(company)));

/** Whether a console flag is on for the signed-in company now, e.g. `consoleFeature('apiKey.create')`. */
export const consoleFeature = (path: FlagPath): boolean => isFeatureOn($consoleFlags.get(), path);

/** Whether the signed-in user's role may make this change (§6); false until the company is loaded. */
export function canChange(permission: Permission): boolean {
  return $company.get()?.permissions.includes(permission) ?? false;
}
