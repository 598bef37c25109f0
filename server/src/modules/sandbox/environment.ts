import type { CompleteProfile, OnboardingState } from '@app/shared/api/contract/index';
import { type Db, notify } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import { type Environment, environmentChanged, type SandboxRules } from './sandbox-rules.ts';
import { isProductionReady, productionFlags, readTour, setTourFlags, toTour } from './tour-flags.ts';

interface StateRow {
  id: string;
  name: string;
  phone: string;
  industry: string;
  website: string;
  country: string;
  timezone: string;
  language: string;
  environment: Environment;
  production_status: string;
  flags: Record<string, unknown> | null;
}

export async function loadOnboardingState(db: Db, companyId: string): Promise<OnboardingState> {
  const row = await db.one<StateRow>(
    `SELECT c.id, c.name, c.phone, c.industry, c.website, c.country, c.timezone, c.language, c.environment,
       c.production_status, t.flags
     FROM companies c LEFT JOIN product_tours t ON t.company_id = c.id
     WHERE c.id = $1`,
    [companyId],
  );
  const tour = toTour(row.flags ?? undefined);
  return {
    environment: row.environment,
    sandbox: row.environment === 'sandbox',
    productionStatus: row.production_status,
    productionReady: isProductionReady(tour),
    company: {
      id: row.id,
      name: row.name,
      phone: row.phone,
      industry: row.industry,
      website: row.website,
      country: row.country,
      timezone: row.timezone,
      language: row.language,
    },
    tour,
  };
}

const missingStepMessages: Record<(typeof productionFlags)[number], string> = {
  productionDataCompletion: 'Complete the company profile before switching to production',
  productionWelcome: 'Finish the production welcome before switching to production',
};

/** Sandbox is always allowed; production only once the profile is complete (§4). */
export async function switchEnvironment(
  db: Db,
  rules: SandboxRules,
  companyId: string,
  target: Environment,
): Promise<OnboardingState> {
  if (target === 'production') {
    const tour = await readTour(db, companyId);
    const missing = productionFlags.filter((flag) => !tour[flag]);
    const first = missing[0];
    if (first) {
      throw new DomainError('state', missingStepMessages[first], {
        field: 'environment',
        value: target,
        cause: `Not done yet: ${missing.join(', ')}`,
      });
    }
  }
  await db.query('UPDATE companies SET environment = $2 WHERE id = $1', [companyId, target]);
  rules.forgetEnvironment(companyId);
  await notify(db, environmentChanged, companyId); // the other processes' rules
  return loadOnboardingState(db, companyId);
}

export async function completeProfile(
  db: Db,
  companyId: string,
  profile: CompleteProfile,
): Promise<OnboardingState> {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE companies SET name = $2, phone = $3, industry = $4, website = $5, country = $6,
         timezone = COALESCE($7, timezone)
       WHERE id = $1`,
      [
        companyId,
        profile.name,
        profile.phone,
        profile.industry,
        profile.website,
        profile.country,
        profile.timezone ?? null,
      ],
    );
    await setTourFlags(tx, companyId, ['productionDataCompletion']);
  });
  return loadOnboardingState(db, companyId);
}

/**
 * Records that the company wants production: 'None' becomes 'Requested'; any other status stays.
 * Self-hosted installs have nobody to approve it, so switching never waits for it; it tells the operator
 * (and the console's request screen) that the company asked.
 */
export async function requestProduction(db: Db, companyId: string): Promise<OnboardingState> {
  await db.query(
    `UPDATE companies SET production_status = 'Requested' WHERE id = $1 AND production_status = 'None'`,
    [companyId],
  );
  return loadOnboardingState(db, companyId);
}
