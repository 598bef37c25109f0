// The conformance suite's harness: one app per database and family, one master account calling `/api/v1` as a
// SparkPost client does, and the two answer shapes SparkPost's reference documents.
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { type TestAppOptions, useTestApp } from '../../server/src/testing/app.ts';
import type { TestDatabase } from '../../server/src/testing/databases.ts';
import {
  type EngineAccount,
  type EngineCallOptions,
  type EngineMethod,
  engineAccount,
  engineCall,
} from '../../server/src/testing/engine.ts';

export { databases } from '../../server/src/testing/databases.ts';

/** An app on `database` and a production master account named `name`, for the calling describe. */
export function useReferenceApi(
  database: TestDatabase,
  name: string,
  options: TestAppOptions | (() => TestAppOptions) = {},
) {
  const t = useTestApp(database, options);
  let account: EngineAccount | undefined;
  beforeAll(async () => {
    account = await engineAccount(t.app, t.db, name);
  });
  const master = (): EngineAccount => {
    if (!account) throw new Error('the account is made in beforeAll');
    return account;
  };
  return {
    t,
    get account(): EngineAccount {
      return master();
    },
    call: (method: EngineMethod, url: string, body?: unknown, options?: EngineCallOptions) =>
      engineCall(t.app, master(), method, url, body, options),
  };
}

/** A documented success: the status, and `results` holding at least the documented keys. */
export function expectResults(
  response: LightMyRequestResponse,
  status: number,
  keys: readonly string[] = [],
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body).toHaveProperty('results');
  for (const key of keys) expect(body.results, `results.${key}`).toHaveProperty(key);
  return body;
}

/** A documented failure: the status, and SparkPost's `errors` list whose first entry has `code`. */
export function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(Object.keys(body)).toEqual(['errors']);
  expect(body.errors[0]).toMatchObject({ message: expect.any(String), code });
  return body.errors as Array<{
    message: string;
    code: string;
    description?: string;
    param?: string;
    value?: unknown;
  }>;
}
