import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import {
  type EngineAccount,
  type EngineCallOptions,
  engineAccount,
  engineCaller,
} from '../../testing/engine.ts';
import { createRecipientListStore } from './recipient-list-store.ts';

const wilma = {
  address: { email: 'wilma@example.com', name: 'Wilma' },
  tags: ['greeting'],
  metadata: { age: '24' },
  substitution_data: { favorite_color: 'orange' },
};

describe.each(databases)('recipient lists on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;
  let sub: number;

  const call = engineCaller(t);
  const store = () => createRecipientListStore(t.db, t.clock);

  async function create(body: Record<string, unknown>, options?: EngineCallOptions) {
    const created = await call(a, 'POST', '/recipient-lists', { recipients: [wilma], ...body }, options);
    expect(created.statusCode, created.body).toBe(200);
    return created.json().results as { id: string; name: string };
  }

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'lists-a');
    b = await engineAccount(t.app, t.db, 'lists-b');
    sub = (await call(a, 'POST', '/subaccounts', { name: 'Shop', setup_api_key: false })).json().results
      .subaccount_id;
  });

  it('stores the valid recipients and reports the rejected ones', async () => {
    const created = await call(a, 'POST', '/recipient-lists', {
      id: 'students',
      name: 'Graduate students',
      description: 'All of them',
      attributes: { internal_id: 112 },
      recipients: [
        wilma,
        { address: 'fred@example.com' },
        {
          address: { email: 'barney@example.com', header_to: 'office@example.com' },
          return_path: 'b@example.com',
        },
        { address: 'not-an-address' },
        { tags: ['no address'] },
        'just a string',
        { address: { name: 'No email' } },
      ],
    });
    expect(created.statusCode).toBe(200);
    const results = created.json().results;
    expect(results).toMatchObject({
      total_rejected_recipients: 4,
      total_accepted_recipients: 3,
      id: 'students',
      name: 'Graduate students',
    });
    expect(results.rcpt_to_errors).toEqual([
      {
        message: 'invalid data format/type',
        code: '1300',
        description: 'recipients[3].address.email: "not-an-address" is not a valid email address',
      },
      {
        message: 'required field is missing',
        code: '1400',
        description: 'recipients[4].address is required',
      },
      {
        message: 'invalid data format/type',
        code: '1300',
        description: 'recipients[5] must be a recipient object',
      },
      {
        message: 'required field is missing',
        code: '1400',
        description: 'recipients[6].address.email is required',
      },
    ]);

    const shown = (await call(a, 'GET', '/recipient-lists/students?show_recipients=true')).json().results;
    expect(shown).toEqual({
      id: 'students',
      name: 'Graduate students',
      description: 'All of them',
      attributes: { internal_id: 112 },
      total_accepted_recipients: 3,
      recipients: [
        wilma,
        { address: { email: 'fred@example.com' } },
        {
          address: { email: 'barney@example.com', header_to: 'office@example.com' },
          return_path: 'b@example.com',
        },
      ],
    });
    const brief = (await call(a, 'GET', '/recipient-lists/students')).json().results;
    expect(brief.recipients).toBeUndefined();
    expect(brief.total_accepted_recipients).toBe(3);
    expect(await store().recipientsOf(a.companyId, 0, 'students')).toEqual(shown.recipients);

    const listed = (await call(a, 'GET', '/recipient-lists')).json().results;
    expect(listed.find((item: { id: string }) => item.id === 'students')).toEqual({
      id: 'students',
      name: 'Graduate students',
      description: 'All of them',
      attributes: { internal_id: 112 },
      total_accepted_recipients: 3,
    });
  });

  it('limits the errors reported with num_rcpt_errors', async () => {
    const bad = Array.from({ length: 5 }, (_, i) => ({ address: `bad-${i}` }));
    const created = await call(a, 'POST', '/recipient-lists?num_rcpt_errors=2', {
      name: 'Mostly bad',
      recipients: [wilma, ...bad],
    });
    const results = created.json().results;
    expect(results.total_rejected_recipients).toBe(5);
    expect(results.rcpt_to_errors).toHaveLength(2);
  });

  it('needs one valid recipient, a free id, and no reserved prefix', async () => {
    const none = await call(a, 'POST', '/recipient-lists', { name: 'Empty', recipients: [{ address: 'x' }] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({
      message: 'At least one valid recipient is required',
      code: '5002',
    });
    expect((await call(a, 'POST', '/recipient-lists', { name: 'Empty', recipients: [] })).statusCode).toBe(
      400,
    );
    expect((await call(a, 'POST', '/recipient-lists', { name: 'No recipients' })).statusCode).toBe(422);

    await create({ id: 'taken' });
    const taken = await call(a, 'POST', '/recipient-lists', { id: 'taken', recipients: [wilma] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0]).toMatchObject({ message: 'List already exists', code: '5001' });

    const reserved = await call(a, 'POST', '/recipient-lists', { id: 'rcptlist_x', recipients: [wilma] });
    expect(reserved.statusCode).toBe(422);
  });

  it('makes the id from the name, and the name from the id', async () => {
    expect(await create({ name: 'VIP Customers' })).toMatchObject({
      id: 'vip-customers',
      name: 'VIP Customers',
    });
    expect((await create({ name: 'VIP customers' })).id).toBe('vip-customers-2');
    expect(await create({ id: 'only-id' })).toMatchObject({ id: 'only-id', name: 'only-id' });
    expect((await create({})).id).toBe('list');
  });

  it('holds at most 100,000 recipients', async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({ address: `r${i}@example.com` }));
    const full = await call(a, 'POST', '/recipient-lists', { id: 'full', recipients: many });
    expect(full.statusCode).toBe(200);
    expect(full.json().results.total_accepted_recipients).toBe(100_000);
    expect((await store().recipientsOf(a.companyId, 0, 'full'))?.[99_999]).toEqual({
      address: { email: 'r99999@example.com' },
    });
    many.push({ address: 'one-more@example.com' });
    const over = await call(a, 'POST', '/recipient-lists', { id: 'over', recipients: many });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors[0].description).toContain('100000');
  }, 60_000);

  it('updates name, description, attributes, and replaces the recipients when given', async () => {
    await create({ id: 'weekly', name: 'Weekly', attributes: { a: 1 } });
    const renamed = await call(a, 'PUT', '/recipient-lists/weekly', {
      name: 'Weekly digest',
      description: 'd',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().results).toEqual({ id: 'weekly', name: 'Weekly digest' });
    expect(await store().recipientsOf(a.companyId, 0, 'weekly')).toEqual([wilma]);

    const replaced = await call(a, 'PUT', '/recipient-lists/weekly', {
      attributes: { b: 2 },
      recipients: [{ address: 'new@example.com' }, { address: 'bad' }],
    });
    expect(replaced.json().results).toMatchObject({
      id: 'weekly',
      name: 'Weekly digest',
      total_accepted_recipients: 1,
      total_rejected_recipients: 1,
    });
    expect(
      (await call(a, 'GET', '/recipient-lists/weekly?show_recipients=true')).json().results,
    ).toMatchObject({
      description: 'd',
      attributes: { b: 2 },
      total_accepted_recipients: 1,
      recipients: [{ address: { email: 'new@example.com' } }],
    });

    const mismatch = await call(a, 'PUT', '/recipient-lists/weekly', { id: 'other', name: 'x' });
    expect(mismatch.statusCode).toBe(422);
    const allBad = await call(a, 'PUT', '/recipient-lists/weekly', { recipients: [{ address: 'bad' }] });
    expect(allBad.statusCode).toBe(400);
    expect(await store().recipientsOf(a.companyId, 0, 'weekly')).toHaveLength(1);
    expect((await call(a, 'PUT', '/recipient-lists/nope', { name: 'x' })).statusCode).toBe(404);
  });

  it('deletes a list', async () => {
    await create({ id: 'gone' });
    const deleted = await call(a, 'DELETE', '/recipient-lists/gone');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({});
    const missing = await call(a, 'GET', '/recipient-lists/gone');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0]).toMatchObject({
      code: '1600',
      description: "List 'gone' does not exist",
    });
    expect((await call(a, 'DELETE', '/recipient-lists/gone')).statusCode).toBe(404);
    expect(await store().recipientsOf(a.companyId, 0, 'gone')).toBeUndefined();
  });

  it('answers PUT and DELETE without a list id with 400 invalid uri (1101)', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await call(
        a,
        method,
        '/recipient-lists',
        method === 'PUT' ? { name: 'x' } : undefined,
      );
      expect(response.statusCode, method).toBe(400);
      expect(response.json()).toEqual({
        errors: [
          {
            message: 'invalid uri',
            code: '1101',
            description: `${method} requires a recipient list id in the URI`,
          },
        ],
      });
    }
  });

  it('keeps a list that a scheduled transmission will still read', async () => {
    await create({ id: 'scheduled' });
    await t.db.query(
      `INSERT INTO transmissions (company_id, subaccount_id, state, environment, request, created_at)
       VALUES ($1, 0, 'submitted', 'production', $2::jsonb, now())`,
      [a.companyId, JSON.stringify({ recipients: { list_id: 'scheduled' } })],
    );
    const refused = await call(a, 'DELETE', '/recipient-lists/scheduled');
    expect(refused.statusCode).toBe(409);
    const replace = await call(a, 'PUT', '/recipient-lists/scheduled', {
      recipients: [{ address: 'x@example.com' }],
    });
    expect(replace.statusCode).toBe(409);
    expect((await call(a, 'PUT', '/recipient-lists/scheduled', { name: 'Renamed' })).statusCode).toBe(200);
    await t.db.query(`UPDATE transmissions SET state = 'Canceled' WHERE company_id = $1`, [a.companyId]);
    expect((await call(a, 'DELETE', '/recipient-lists/scheduled')).statusCode).toBe(200);
  });

  it('needs the recipient_lists/manage grant', async () => {
    await create({ id: 'guarded' });
    const { key } = (
      await call(a, 'POST', '/api-keys', { label: 'send', grants: ['transmissions/modify'] })
    ).json().results;
    const refused = await call(a, 'GET', '/recipient-lists/guarded', undefined, { authorization: key });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].description).toContain('recipient_lists/manage');
    expect(
      (await call(a, 'POST', '/recipient-lists', { recipients: [wilma] }, { authorization: key })).statusCode,
    ).toBe(403);
    expect(
      (await call(a, 'DELETE', '/recipient-lists/guarded', undefined, { authorization: key })).statusCode,
    ).toBe(403);
  });

  it("no company or other subaccount reads, uses, changes or deletes another's lists", async () => {
    await create({ id: 'private-list' });
    expect((await call(b, 'GET', '/recipient-lists/private-list')).statusCode).toBe(404);
    expect((await call(b, 'PUT', '/recipient-lists/private-list', { name: 'stolen' })).statusCode).toBe(404);
    expect((await call(b, 'DELETE', '/recipient-lists/private-list')).statusCode).toBe(404);
    const listed = (await call(b, 'GET', '/recipient-lists')).json().results;
    expect(listed.map((item: { id: string }) => item.id)).not.toContain('private-list');
    expect(await store().recipientsOf(b.companyId, 0, 'private-list')).toBeUndefined();

    const asSub = { subaccount: sub };
    expect((await call(a, 'GET', '/recipient-lists/private-list', undefined, asSub)).statusCode).toBe(404);
    expect(await store().recipientsOf(a.companyId, sub, 'private-list')).toBeUndefined();
    await create(
      { id: 'private-list', name: 'The shop one', recipients: [{ address: 'shop@example.com' }] },
      asSub,
    );
    expect((await store().recipientsOf(a.companyId, sub, 'private-list'))?.[0]?.address.email).toBe(
      'shop@example.com',
    );
    expect((await call(a, 'GET', '/recipient-lists/private-list')).json().results.name).toBe('private-list');
    expect((await call(a, 'GET', '/recipient-lists', undefined, asSub)).json().results).toHaveLength(1);
  });
});
