import type { ImportStatus } from '@app/contract/marketing/contact-imports';
import { beforeAll, expect } from 'vitest';
import { setCompanyLimit } from '../accounts/plans/plan-catalogue.ts';
import type { ClaimHolder } from '../db/token-lease.ts';
import { marketingEngineOf } from '../engine/interfaces.ts';
import { companyDoorOf } from '../marketing/company-door.ts';
import { createImportRunner } from '../marketing/contacts/imports/import-runner.ts';
import { signUp, type TestAccount } from './accounts.ts';
import { useTestApp } from './app.ts';
import type { TestDatabase } from './databases.ts';
import { multipart } from './multipart.ts';

/**
 * The contact import tests' app and steps: two companies (a with room for 100,000 contacts and an
 * `age` number field, b on the free plan), uploading a file, starting it, running the worker.
 */
export function useImportTests(database: TestDatabase) {
  const t = useTestApp(database);
  let accounts: { a: TestAccount; b: TestAccount } | undefined;

  const prepare = (account: TestAccount, name: string, bytes: Buffer | string) => {
    const body = multipart([{ name, bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes }]);
    return t.app.inject({
      method: 'POST',
      url: '/v1/contacts/import/prepare',
      headers: { ...body.headers, authorization: `Bearer ${account.token}` },
      payload: body.payload,
    });
  };
  const prepared = async (account: TestAccount, name: string, bytes: Buffer | string) => {
    const response = await prepare(account, name, bytes);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };
  /** The import worker, as a process that stops when `alive` says so and is named by `holder`. */
  const runner = (alive?: () => boolean, holder?: ClaimHolder) =>
    createImportRunner({
      db: t.db,
      clock: t.clock,
      engine: marketingEngineOf(t.engine),
      company: companyDoorOf(t.accounts.companies),
      ...(alive ? { alive } : {}),
      ...(holder ? { holder } : {}),
    });
  const runAll = async () => {
    while ((await runner().runDue()) > 0) {
      // until no import is due
    }
  };
  const status = async (account: TestAccount, id: string): Promise<ImportStatus> =>
    t.getData(`/v1/contacts/import/status/${id}`, account.token);
  /** Prepares, starts and runs an import to its end; its final status. */
  const imported = async (
    account: TestAccount,
    csv: string | Buffer,
    start: object = {},
    name = 'contacts.csv',
  ) => {
    const ready = await prepared(account, name, csv);
    const started = await t.post('/v1/contacts/import/start', account.token, {
      importId: ready.importId,
      mapping: ready.suggestedMapping,
      ...start,
    });
    expect(started.statusCode, started.body).toBe(202);
    await runAll();
    return status(account, ready.importId);
  };
  const contact = async (account: TestAccount, email: string) =>
    (await t.call('GET', `/v1/contacts/find?email=${encodeURIComponent(email)}`, account.token)).json().data;
  const companyIdOf = async (account: TestAccount) =>
    (await t.db.one<{ company_id: string }>('SELECT company_id FROM users WHERE email = $1', [account.email]))
      .company_id;

  beforeAll(async () => {
    const a = await signUp(t.app, t.db, 'imports-a', 'Import A');
    const b = await signUp(t.app, t.db, 'imports-b', 'Import B');
    // Room for the resume tests' 3,000 rows (a free plan holds fewer).
    await setCompanyLimit(t.db, await companyIdOf(a), 'contactLimit', 100_000);
    const age = await t.post('/v1/contacts/field', a.token, { name: 'Age', tag: 'age', type: 'number' });
    expect(age.statusCode).toBe(201);
    accounts = { a, b };
  });

  return {
    t,
    accounts: () => {
      if (!accounts) throw new Error('The import tests have not started');
      return accounts;
    },
    prepare,
    prepared,
    runner,
    runAll,
    status,
    imported,
    contact,
    companyIdOf,
  };
}
