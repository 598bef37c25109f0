import type { Db } from '../../db/db.ts';
import { startTour } from '../../engine/sandbox/tour-flags.ts';
import type { UserStore } from '../users/user-store.ts';
import type { CompanyStore } from './company-store.ts';

export interface NewCompany {
  companyName: string;
  phone: string;
  email: string;
  /** null for accounts that sign in through Google/OIDC only. */
  passwordHash: string | null;
  validated: boolean;
  fullname?: string;
  now: Date;
}

export type CreateCompany = ReturnType<typeof createCompanyCreator>;

/** A company on the FREE plan with its owner (role ADMIN), in one transaction. */
export function createCompanyCreator(deps: { db: Db; companies: CompanyStore; users: UserStore }) {
  const { db, companies, users } = deps;
  return (input: NewCompany): Promise<{ companyId: string; userId: string }> =>
    db.transaction(async (tx) => {
      const companyId = await companies.insert(tx, {
        name: input.companyName,
        phone: input.phone,
        now: input.now,
      });
      await startTour(tx, companyId);
      const userId = await users.insertOwner(tx, {
        companyId,
        email: input.email,
        passwordHash: input.passwordHash,
        validated: input.validated,
        fullname: input.fullname ?? '',
        phone: input.phone,
        now: input.now,
      });
      return { companyId, userId };
    });
}
