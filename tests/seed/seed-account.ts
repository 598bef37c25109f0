import { type APIRequestContext, expect } from '@playwright/test';
import { moveToProduction } from '../e2e/support/production-account.ts';
import { seedTemplates, sendingDomains, subaccountNames, templateContent } from './catalogue.ts';
import type { SeedServer } from './seed-server.ts';

export interface SeedAccount {
  email: string;
  password: string;
  companyName: string;
  /** A console session of the owner (Bearer token, as the console keeps it in localStorage). */
  token: string;
  apiKey: string;
  /** Subaccount ids, in the order of subaccountNames. */
  subaccounts: number[];
}

/**
 * The seeded production company, made as an operator and a customer would: the operator CLI creates
 * it (owner already confirmed: MAIL_MODE=deliver keeps no captured mail to confirm from), lifts the
 * FREE plan's 3,000 a month and vouches for its sending domains; the owner signs in and opens
 * production through the console's own calls, then the API key makes subaccounts and templates.
 */
export async function createSeedAccount(
  server: SeedServer,
  request: APIRequestContext,
): Promise<SeedAccount> {
  const companyName = 'Acme Shop';
  const email = `owner-${Date.now().toString(36)}@acme-shop.example`;
  const password = 'Seed-passw0rd!';
  await server.admin('create-company', '--name', companyName, '--email', email, '--password', password);
  await server.admin('set-plan', '--email', email, '--plan', 'UNLIMITED');
  const signin = await request.post('/v1/signin', { data: { email, password } });
  expect(signin.ok(), await signin.text()).toBe(true);
  const token = ((await signin.json()) as { data: { accessToken: string } }).data.accessToken;
  await moveToProduction(request, token, companyName);
  for (const domain of sendingDomains) {
    await server.admin('add-sending-domain', '--email', email, '--domain', domain, '--verified');
  }
  const apiKey =
    (await server.admin('create-api-key', '--email', email, '--label', 'seed')).trim().split('\n').at(-1) ??
    '';
  const headers = { authorization: apiKey };
  const subaccounts: number[] = [];
  for (const name of subaccountNames) {
    const created = await request.post('/api/v1/subaccounts', {
      headers,
      data: { name, setup_api_key: false },
    });
    expect(created.ok(), await created.text()).toBe(true);
    subaccounts.push(
      ((await created.json()) as { results: { subaccount_id: number } }).results.subaccount_id,
    );
  }
  for (const template of seedTemplates) {
    const created = await request.post('/api/v1/templates', {
      headers,
      data: { id: template.id, name: template.name, published: true, content: templateContent(template) },
    });
    expect(created.ok(), await created.text()).toBe(true);
  }
  return { email, password, companyName, token, apiKey, subaccounts };
}
