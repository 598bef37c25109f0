import type { Db } from '../db/db.ts';
import { createCompanyStore } from './company/company-store.ts';
import { createCompanyCreator } from './company/create-company.ts';
import { createUserStore } from './users/user-store.ts';

export type AccountStores = ReturnType<typeof createAccountStores>;

/**
 * The accounts half's stores, built once per process (by the server's entry point, or by the
 * operator CLI when no server runs) and shared by the console API and the operator commands.
 */
export function createAccountStores(db: Db) {
  const users = createUserStore(db);
  const companies = createCompanyStore(db);
  return { users, companies, createCompany: createCompanyCreator({ db, companies, users }) };
}
