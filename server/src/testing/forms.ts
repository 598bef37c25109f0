import type { FormBody } from '@app/contract/marketing/forms';
import type { Challenge } from 'altcha-lib';
import { simpleParser } from 'mailparser';
import { beforeAll, expect } from 'vitest';
import { setCompanyLimit } from '../accounts/plans/plan-catalogue.ts';
import type { TestAccount } from './accounts.ts';
import { useTestApp } from './app.ts';
import { campaignHelpers } from './campaigns.ts';
import type { TestDatabase } from './databases.ts';
import { type EngineAccount, engineAccount } from './engine.ts';
import { solvedCaptcha } from './form-captcha.ts';
import { validatedSender } from './senders.ts';

type Harness = ReturnType<typeof useTestApp>;

/** A newsletter sign-up: email, first name, and a dropdown whose "Yes" shows a required follow-up. */
export const signUpForm = (extra: Partial<FormBody> & { labels?: string[] } = {}) => ({
  name: 'Newsletter',
  components: [
    { id: 'email', type: 'inputText', setting: { title: 'Your email', required: true, field: 'email' } },
    { id: 'name', type: 'inputText', setting: { title: 'First name', field: 'firstname' } },
    {
      id: 'shop',
      type: 'inputDropdown',
      setting: {
        title: 'Do you have a shop?',
        required: true,
        options: [
          { optionId: 'yes', label: 'Yes', childs: ['shopName'] },
          { optionId: 'no', label: 'No' },
        ],
      },
    },
    { id: 'shopName', type: 'inputText', setting: { title: 'Shop name', required: true } },
  ],
  settings: { enableConditional: true },
  ...extra,
});

/** The forms tests' helpers on the test app `t`: create and publish, solve the captcha, submit, read the confirmation link. */
export function formHelpers(t: Harness) {
  const create = async (account: TestAccount, body: object): Promise<string> => {
    const response = await t.post('/v1/forms', account.token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.formId;
  };
  const publish = async (account: TestAccount, id: string) => {
    const response = await t.post(`/v1/forms/${id}/publish`, account.token, { publish: true });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** Fetches a challenge for the form and solves it as a visitor's browser would: the payload to submit. */
  const solved = async (formId: string): Promise<string> => {
    const response = await t.app.inject({ method: 'GET', url: `/embed/forms/${formId}/challenge` });
    expect(response.statusCode, response.body).toBe(200);
    return solvedCaptcha(response.json() as Challenge);
  };
  const submit = (formId: string, payload: object, ip = '198.51.100.7') =>
    t.app.inject({
      method: 'POST',
      url: `/embed/forms/${formId}/submit`,
      payload,
      remoteAddress: ip,
      headers: { origin: 'https://shop.example' },
    });
  /** The confirmation mail queued to `address` (composed): its text and whether it went as transactional mail. */
  const confirmationTo = async (companyId: string, address: string) => {
    await t.composeQueued();
    const row = await t.db.one<{ raw: Uint8Array; transactional: boolean }>(
      `SELECT raw, (options->>'transactional')::boolean AS transactional FROM messages
       WHERE company_id = $1 AND rcpt_to = $2 AND campaign_id LIKE 'form-%'`,
      [companyId, address],
    );
    const mail = await simpleParser(Buffer.from(row.raw));
    const link = /\/forms\/confirm\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(link, mail.text).not.toBeNull();
    return { mail, token: link?.[1] ?? '', transactional: row.transactional };
  };
  return { create, publish, solved, submit, confirmationTo };
}

/**
 * A forms test file's set-up on `database`: the test app, {@link formHelpers} and the contact helpers,
 * and (made before the file's tests; `accounts()` once they run) a company `a` with a validated sender
 * and a "Newsletter" label, and another company `b`.
 */
export function useFormTests(database: TestDatabase, options?: Parameters<typeof useTestApp>[1]) {
  const t = useTestApp(database, options);
  const { contact, label } = campaignHelpers(t);
  let made: { a: EngineAccount; b: EngineAccount; senderA: string; newsLabel: string } | undefined;
  beforeAll(async () => {
    const a = await engineAccount(t.app, t.db, 'former');
    const b = await engineAccount(t.app, t.db, 'outsider');
    const senderA = await validatedSender(t.db, a.companyId, 'news@acme.test');
    await setCompanyLimit(t.db, a.companyId, 'publishedFormLimit', 20);
    made = { a, b, senderA, newsLabel: await label(a, 'Newsletter', []) };
  });
  return {
    t,
    ...formHelpers(t),
    contact,
    label,
    accounts: () => {
      if (!made) throw new Error('The forms tests have not started');
      return made;
    },
    /** The company's contact with this address, or undefined. */
    contactOf: async (account: TestAccount, email: string) => {
      const found = await t.get(`/v1/contacts/find?email=${encodeURIComponent(email)}`, account.token);
      return found.statusCode === 200 ? found.json().data : undefined;
    },
    submissionCount: async (formId: string) =>
      (
        await t.db.one<{ count: number }>(
          'SELECT count(*)::int AS count FROM form_submissions WHERE form_id = $1',
          [formId],
        )
      ).count,
  };
}
