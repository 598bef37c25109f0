import type { CompleteProfile, OnboardingState, RequestProduction } from '@app/contract/schemas';
import type { CompanyStore } from '../../accounts/company/company-store.ts';
import { operatorNote } from '../../accounts/contact-us/operator-mail.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { recordProductionRequest } from './production-requests.ts';
import type { Environment, SandboxRules } from './sandbox-rules.ts';
import { isProductionReady, productionFlags, readTour, setTourFlags } from './tour-flags.ts';

const missingStepMessages: Record<(typeof productionFlags)[number], string> = {
  productionDataCompletion: 'Complete the company profile before switching to production',
  productionWelcome: 'Finish the production welcome before switching to production',
};

export type EnvironmentService = ReturnType<typeof createEnvironmentService>;

export interface EnvironmentDeps {
  db: Db;
  companies: Pick<
    CompanyStore,
    'detail' | 'setEnvironment' | 'setProfile' | 'requestProduction' | 'lockName'
  >;
  rules: Pick<SandboxRules, 'environmentSwitched'>;
  clock: Clock;
  /** Tells the operator's mailbox about a production request (best effort: a failure is reported, not thrown). */
  notifyOperator?: (note: Omit<MailMessage, 'to'>) => Promise<void>;
}

/** Where a company stands between the sandbox and production (§4), and the steps that move it. */
export function createEnvironmentService(deps: EnvironmentDeps) {
  const { db, companies, rules, clock } = deps;

  const state = async (companyId: string): Promise<OnboardingState> => {
    const [company, tour] = await Promise.all([companies.detail(companyId), readTour(db, companyId)]);
    return {
      environment: company.environment,
      sandbox: company.environment === 'sandbox',
      productionStatus: company.production_status,
      productionReady: isProductionReady(tour),
      company: {
        id: company.id,
        name: company.name,
        phone: company.phone,
        industry: company.industry,
        website: company.website,
        country: company.country,
        timezone: company.timezone,
        language: company.language,
      },
      tour,
    };
  };

  return {
    state,

    /** Sandbox is always allowed; production only once the profile is complete (§4). */
    async switchTo(companyId: string, target: Environment): Promise<OnboardingState> {
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
      await companies.setEnvironment(db, companyId, target);
      await rules.environmentSwitched(companyId);
      return state(companyId);
    },

    async completeProfile(companyId: string, profile: CompleteProfile): Promise<OnboardingState> {
      await db.transaction(async (tx) => {
        await companies.setProfile(tx, companyId, profile, clock.now());
        await setTourFlags(tx, companyId, ['productionDataCompletion']);
      });
      return state(companyId);
    },

    async finishOnboarding(companyId: string): Promise<OnboardingState> {
      await setTourFlags(db, companyId, ['productionWelcome']);
      return state(companyId);
    },

    /**
     * Records that the company wants production: 'None' becomes 'Requested'; any other status stays.
     * Self-hosted installs have nobody to approve it, so switching never waits for it; it tells the operator
     * (and the console's request screen) that the company asked.
     */
    async requestProduction(
      caller: { companyId: string; userId: string },
      details: RequestProduction,
    ): Promise<OnboardingState> {
      const now = clock.now();
      await recordProductionRequest(db, caller, details, now, companies.lockName);
      await companies.requestProduction(caller.companyId);
      const next = await state(caller.companyId);
      await deps.notifyOperator?.(
        operatorNote(
          `Production requested: ${next.company.name}`,
          [
            ['Company', next.company.name],
            ['Company id', caller.companyId],
            ['Expected monthly volume', details.monthlyVolume],
            ['Use case', details.useCase],
            ['Environment now', next.environment],
            ['Requested', now.toISOString()],
          ],
          { label: 'Why production', text: details.reason },
        ),
      );
      return next;
    },
  };
}
