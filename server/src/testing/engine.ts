import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.ts';
import { signUp, type TestAccount } from './accounts.ts';
import { addFixtureSendingDomains } from './sending-domains.ts';

export interface EngineAccount extends TestAccount {
  companyId: string;
  /** An API key of the master account holding every grant. */
  key: string;
}

export type EngineMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EngineCallOptions {
  /** Sent as X-MSYS-SUBACCOUNT. */
  subaccount?: number;
  /** The Authorization header as sent; defaults to the account's key. */
  authorization?: string;
  /** Where the API is mounted: `/api/v1`, or `/api/labs` for SparkPost's labs routes (snippets). */
  base?: '/api/v1' | '/api/labs';
}

/**
 * A signed-up company with an all-grants API key, in `environment` (default production, so mail is
 * not limited to authorized recipients), with the fixture sending domains verified.
 */
export async function engineAccount(
  app: FastifyInstance,
  db: Db,
  name = 'engine',
  environment: 'sandbox' | 'production' = 'production',
): Promise<EngineAccount> {
  const account = await signUp(app, db, name, `${name} Inc`);
  const { company_id: companyId } = await db.one<{ company_id: string }>(
    'SELECT company_id FROM users WHERE email = $1',
    [account.email],
  );
  await db.query('UPDATE companies SET environment = $2 WHERE id = $1', [companyId, environment]);
  await addFixtureSendingDomains(db, companyId);
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: { authorization: `Bearer ${account.token}` },
    payload: { label: 'tests', grants: allGrants },
  });
  if (created.statusCode !== 200) throw new Error(`api key failed: ${created.body}`);
  return { ...account, companyId, key: created.json().results.key };
}

const allGrants = [
  'account/modify',
  'api_keys/manage',
  'message_events/view',
  'metrics/view',
  'recipient_lists/manage',
  'sending_domains/manage',
  'smtp/inject',
  'subaccounts/manage',
  'suppression_lists/manage',
  'templates/modify',
  'templates/view',
  'tracking_domains/manage',
  'transmissions/modify',
  'transmissions/view',
  'webhooks/modify',
  'webhooks/view',
];

/** An `/api/v1` (or `/api/labs`) request as a SparkPost client sends it: `Authorization: <key>`. */
export function engineCall(
  app: FastifyInstance,
  account: EngineAccount,
  method: EngineMethod,
  url: string,
  payload?: unknown,
  options: EngineCallOptions = {},
) {
  const headers: Record<string, string> = { authorization: options.authorization ?? account.key };
  if (options.subaccount !== undefined) headers['x-msys-subaccount'] = String(options.subaccount);
  return app.inject({
    method,
    url: `${options.base ?? '/api/v1'}${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * POST /transmissions, then what a delivery worker does first when it takes the production messages:
 * composes them (their bytes and injection events stored). Tests reading a send's messages or events
 * send with this.
 */
export async function transmit(
  t: { readonly app: FastifyInstance; composeQueued(): Promise<void> },
  account: EngineAccount,
  body: unknown,
  options?: EngineCallOptions,
) {
  const response = await engineCall(t.app, account, 'POST', '/transmissions', body, options);
  await t.composeQueued();
  return response;
}

/** The grants a subaccount's key gets in tests: what it needs to send, suppress and read events. */
export const subaccountKeyGrants = [
  'transmissions/modify',
  'message_events/view',
  'suppression_lists/manage',
];

/** A small text transmission to one address. */
export const sampleTransmission = (to: string, campaign = 'subaccounts') => ({
  campaign_id: campaign,
  recipients: [{ address: to }],
  content: { from: 'shop@acme.test', subject: 'Hello', text: 'Hello' },
});

/** A subaccount of `account` with its first key, holding `grants`; the key as an `authorization` option. */
export async function subaccountWithKey(
  app: FastifyInstance,
  account: EngineAccount,
  name: string,
  grants: readonly string[] = subaccountKeyGrants,
): Promise<{ id: number; key: { authorization: string } }> {
  const created = await engineCall(app, account, 'POST', '/subaccounts', {
    name,
    setup_api_key: true,
    key_label: `${name} key`,
    key_grants: grants,
  });
  if (created.statusCode !== 200) throw new Error(`subaccount failed: ${created.body}`);
  const { subaccount_id: id, key } = created.json().results as { subaccount_id: number; key: string };
  return { id, key: { authorization: key } };
}

/** engineCall on the app of a useTestApp (read when called, inside tests). */
export function engineCaller(t: { readonly app: FastifyInstance }) {
  return (
    account: EngineAccount,
    method: EngineMethod,
    url: string,
    body?: unknown,
    options?: EngineCallOptions,
  ) => engineCall(t.app, account, method, url, body, options);
}

/** What the official `sparkpost` client rejects with on a 4xx/5xx answer. */
export interface SparkpostClientError {
  statusCode: number;
  errors: Array<{ message: string; code: string; description?: string }>;
}

/** The client's rejection of `promise`; fails the test when it resolves. */
export async function clientFailure(promise: Promise<unknown>): Promise<SparkpostClientError> {
  try {
    await promise;
  } catch (error) {
    return error as SparkpostClientError;
  }
  throw new Error('expected the request to fail');
}
