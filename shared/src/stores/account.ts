import { atom, computed } from 'nanostores';
import type { Company } from '../api/contract/company.ts';
import type { ProductTour } from '../api/contract/onboarding.ts';
import type { ActiveSubscription, Usage } from '../api/contract/usage.ts';
import type { User } from '../api/contract/users.ts';
import { timezoneOffsetFromText } from '../rules/time.ts';

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
      }
    : null,
);
