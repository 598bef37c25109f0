import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

describe.each(databases)("the Contact Book's totals on $name", (database) => {
  const t = useTestApp(database);
  let a: TestAccount;
  let b: TestAccount;

  const total = async (account: TestAccount, query = '') =>
    (await t.getData(`/v1/contacts${query}`, account.token)).total as number;
  const add = async (account: TestAccount, email: string) => {
    const response = await t.post('/v1/contacts', account.token, { email });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string };
  };
  /** What a count over the rows says: what the kept totals must always agree with. */
  const counted = async (account: TestAccount, status?: string) =>
    (
      await t.db.one<{ count: number }>(
        `SELECT count(*)::int AS count FROM contacts
         WHERE company_id = (SELECT company_id FROM users WHERE email = $1) AND ($2::text IS NULL OR status = $2)`,
        [account.email, status ?? null],
      )
    ).count;

  beforeAll(async () => {
    a = await signUp(t.app, t.db, 'totals-a', 'Totals A');
    b = await signUp(t.app, t.db, 'totals-b', 'Totals B');
  });

  it('follow contacts as they come, change status and go, each company its own', async () => {
    const ann = await add(a, 'ann@totals.test');
    await add(a, 'bob@totals.test');
    const cy = await add(a, 'cy@totals.test');
    await add(b, 'ann@totals.test');
    expect(await total(a)).toBe(3);
    expect(await total(b)).toBe(1);

    await t.post('/v1/contacts/unsubscribe', a.token, { email: 'bob@totals.test' });
    expect(await total(a, '?status=subscribed')).toBe(2);
    expect(await total(a, '?status=unsubscribed')).toBe(1);
    expect(await total(a, '?status=subscribed,unsubscribed')).toBe(3);
    expect(await total(a, '?status=bounced')).toBe(0);
    expect(await total(b, '?status=subscribed')).toBe(1);

    await t.post('/v1/contacts/resubscribe', a.token, { email: 'bob@totals.test' });
    expect(await total(a, '?status=subscribed')).toBe(3);
    expect(await total(a, '?status=unsubscribed')).toBe(0);

    expect((await t.call('DELETE', `/v1/contacts/${ann.id}`, a.token)).statusCode).toBe(200);
    expect((await t.post(`/v1/contacts/${cy.id}/erase`, a.token, {})).statusCode).toBe(200);
    expect(await total(a)).toBe(1);
    expect(await total(a, '?status=subscribed')).toBe(1);
    expect(await total(b)).toBe(1);
    for (const status of [undefined, 'subscribed', 'unsubscribed']) {
      expect(await total(a, status ? `?status=${status}` : '')).toBe(await counted(a, status));
    }
  });

  it('follow a bulk delete', async () => {
    const emails = Array.from({ length: 25 }, (_, index) => `bulk${index}@totals.test`);
    const ids = [];
    for (const email of emails) ids.push((await add(b, email)).id);
    expect(await total(b)).toBe(26);
    const removed = await t.post('/v1/contacts/delete', b.token, { ids: ids.slice(0, 20) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await total(b)).toBe(6);
    expect(await total(b)).toBe(await counted(b));
  });
});
