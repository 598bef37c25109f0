import { beforeAll, describe, expect, it } from 'vitest';
import { setCompanyLimit } from '../../accounts/plans/plan-catalogue.ts';
import { signUp, type TestAccount } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { joinMember } from '../../testing/team.ts';

interface ContactAnswer {
  id: string;
  email: string;
  fields: Record<string, unknown>;
  labels: { id: string; name: string }[];
  createdAt: string;
  updatedAt: string;
}

describe.each(databases)('contacts on $name', (database) => {
  const t = useTestApp(database);
  let a: TestAccount;
  let b: TestAccount;

  const add = (account: TestAccount, body: object) => t.post('/v1/contacts', account.token, body);

  const added = async (account: TestAccount, body: object): Promise<ContactAnswer> => {
    const response = await add(account, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };

  const label = async (account: TestAccount, name: string) => {
    const response = await t.post('/v1/contacts/label', account.token, { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; members: number };
  };

  const membersOf = async (account: TestAccount, id: string) =>
    (await t.getData('/v1/contacts/label?size=100', account.token)).items.find(
      (item: { id: string }) => item.id === id,
    )?.members;

  const companyIdOf = async (account: TestAccount) =>
    (await t.db.one<{ company_id: string }>('SELECT company_id FROM users WHERE email = $1', [account.email]))
      .company_id;

  beforeAll(async () => {
    a = await signUp(t.app, t.db, 'alice', 'Company A');
    b = await signUp(t.app, t.db, 'bob', 'Company B');
    for (const field of [
      { name: 'Age', tag: 'age', type: 'number' },
      { name: 'Plan', tag: 'plan', type: 'choice', choices: ['gold', 'silver'] },
    ]) {
      expect((await t.post('/v1/contacts/field', a.token, field)).statusCode).toBe(201);
    }
  });

  it('adds a contact with field values and labels, reads it and finds it by email', async () => {
    const vip = await label(a, 'VIP');
    const contact = await added(a, {
      email: ' Ann@Example.TEST ',
      firstname: ' Ann ',
      phone: '',
      fields: { age: '42', plan: 'gold' },
      labels: [vip.id],
    });
    expect(contact).toMatchObject({
      email: 'ann@example.test',
      firstname: 'Ann',
      lastname: null,
      phone: null,
      status: 'subscribed',
      source: 'console',
      fields: { age: 42, plan: 'gold' },
      labels: [{ id: vip.id, name: 'VIP' }],
      lastOpenAt: null,
      lastClickAt: null,
    });
    expect(await t.getData(`/v1/contacts/${contact.id}`, a.token)).toEqual(contact);
    expect(await t.getData('/v1/contacts/find?email=ANN%40example.test', a.token)).toEqual(contact);
    expect(await membersOf(a, vip.id)).toBe(1);

    const none = await t.get('/v1/contacts/find?email=nobody%40example.test', a.token);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      code: 'entityNotFound',
      message: 'Contact not found',
      payload: { field: 'contact' },
    });
  });

  it('refuses the same address in any case, a bad address, values that do not fit their field, unknown tags and labels', async () => {
    await added(a, { email: 'dup@example.test' });
    const duplicate = await add(a, { email: 'DUP@Example.test', firstname: 'Other' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      code: 'duplicate',
      message: 'A contact with this email already exists',
      payload: { field: 'email', value: 'dup@example.test' },
    });
    expect((await add(a, { email: 'not-an-address' })).json()).toMatchObject({
      code: 'validation',
      payload: { field: 'email' },
    });
    const refusals: [object, string][] = [
      [{ age: 'abc' }, 'fields.age'],
      [{ age: true }, 'fields.age'],
      [{ plan: 'bronze' }, 'fields.plan'],
      [{ nickname: 'Al' }, 'fields.nickname'],
    ];
    for (const [fields, field] of refusals) {
      const response = await add(a, { email: 'fields@example.test', fields });
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({ code: 'validation', payload: { field } });
    }
    const unknownLabel = await add(a, { email: 'fields@example.test', labels: ['999999'] });
    expect(unknownLabel.statusCode).toBe(404);
    expect(unknownLabel.json()).toMatchObject({ code: 'entityNotFound', message: 'Label not found' });
    expect((await t.get('/v1/contacts/find?email=fields%40example.test', a.token)).statusCode).toBe(404);
  });

  it('changes what a patch names: null clears, field values are set or removed, labels become the given ones', async () => {
    const first = await label(a, 'First');
    const second = await label(a, 'Second');
    const contact = await added(a, {
      email: 'patch@example.test',
      firstname: 'Pat',
      fields: { age: 30, plan: 'silver' },
      labels: [first.id],
    });
    t.clock.advance(1000);
    const response = await t.call('PATCH', `/v1/contacts/${contact.id}`, a.token, {
      firstname: null,
      lastname: 'Lee',
      fields: { age: '31', plan: null },
      labels: [second.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = response.json().data;
    expect(changed).toMatchObject({
      email: 'patch@example.test',
      firstname: null,
      lastname: 'Lee',
      fields: { age: 31 },
      labels: [{ id: second.id, name: 'Second' }],
    });
    expect(changed.updatedAt > contact.updatedAt).toBe(true);
    expect([await membersOf(a, first.id), await membersOf(a, second.id)]).toEqual([0, 1]);

    await added(a, { email: 'taken@example.test' });
    const taken = await t.call('PATCH', `/v1/contacts/${contact.id}`, a.token, {
      email: 'Taken@example.test',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'duplicate', payload: { field: 'email' } });
    const missing = await t.call('PATCH', '/v1/contacts/999999', a.token, { lastname: 'X' });
    expect(missing.statusCode).toBe(404);
    // The edit form sends an empty address for a contact imported without one: nothing changes there.
    const blank = await t.call('PATCH', `/v1/contacts/${contact.id}`, a.token, { email: '', lastname: 'Lo' });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().data).toMatchObject({ email: 'patch@example.test', lastname: 'Lo' });
  });

  it('deletes a contact; the labels it was in count one member less', async () => {
    const group = await label(a, 'Deleted soon');
    const contact = await added(a, { email: 'gone@example.test', labels: [group.id] });
    expect(await membersOf(a, group.id)).toBe(1);
    const removed = await t.call('DELETE', `/v1/contacts/${contact.id}`, a.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ data: {} });
    expect(await membersOf(a, group.id)).toBe(0);
    expect((await t.get(`/v1/contacts/${contact.id}`, a.token)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/contacts/${contact.id}`, a.token)).statusCode).toBe(404);
  });

  it('lists with search, status, label, sort and paging; the total is exact', async () => {
    const c = await signUp(t.app, t.db, 'carol', 'Company C');
    const picked = await label(c, 'Picked');
    await added(c, { email: 'alpha@list.test', firstname: 'Zoe', labels: [picked.id] });
    await added(c, { email: 'beta@list.test', lastname: 'Young' });
    await added(c, { email: 'gamma@list.test', firstname: 'Xavier', labels: [picked.id] });
    await t.db.query("UPDATE contacts SET status = 'unsubscribed' WHERE email = 'beta@list.test'");
    const emails = async (query: string) =>
      (await t.getData(`/v1/contacts${query}`, c.token)).items.map((item: ContactAnswer) => item.email);

    expect(await emails('')).toEqual(['gamma@list.test', 'beta@list.test', 'alpha@list.test']);
    expect(await emails('?sort=email')).toEqual(['alpha@list.test', 'beta@list.test', 'gamma@list.test']);
    expect(await emails('?sort=-email')).toEqual(['gamma@list.test', 'beta@list.test', 'alpha@list.test']);
    expect(await emails('?sort=firstname')).toEqual(['gamma@list.test', 'alpha@list.test', 'beta@list.test']);
    expect(await emails('?sort=-lastname')).toEqual(['beta@list.test', 'gamma@list.test', 'alpha@list.test']);
    expect(await emails('?sort=email&size=2&page=2')).toEqual(['gamma@list.test']);
    expect(await t.getData('/v1/contacts?size=2', c.token)).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(await emails('?search=YOUNG')).toEqual(['beta@list.test']);
    expect(await emails('?search=zo')).toEqual(['alpha@list.test']);
    expect(await emails('?search=gamma%40')).toEqual(['gamma@list.test']);
    expect(await emails('?search=%25')).toEqual([]);
    // A search's page is read from its matches, in the asked order, with the other filters kept.
    expect(await emails(`?search=list.test&label=${picked.id}&sort=-email`)).toEqual([
      'gamma@list.test',
      'alpha@list.test',
    ]);
    expect(await emails('?search=LIST&sort=firstname&size=1&page=2')).toEqual(['alpha@list.test']);
    expect(await emails('?status=unsubscribed')).toEqual(['beta@list.test']);
    expect(await emails('?status=subscribed,unsubscribed')).toHaveLength(3);
    expect(await emails(`?label=${picked.id}&sort=email`)).toEqual(['alpha@list.test', 'gamma@list.test']);
    expect((await t.getData(`/v1/contacts?label=${picked.id}&status=subscribed`, c.token)).total).toBe(2);
    for (const query of ['?status=archived', '?sort=password', '?label=abc', '?size=101']) {
      expect((await t.get(`/v1/contacts${query}`, c.token)).statusCode, query).toBe(400);
    }
  });

  it('counts a search no further than 10,000 matches and says so; other filters stay exact', async () => {
    const d = await signUp(t.app, t.db, 'dora', 'Company D');
    await t.db.query(
      `INSERT INTO contacts (company_id, email, source, created_at, updated_at)
       SELECT $1, 'many-' || n || '@example.test', 'api', now(), now() FROM generate_series(1, 10001) AS n`,
      [await companyIdOf(d)],
    );
    const capped = await t.getData('/v1/contacts?search=many-&size=10&sort=-email', d.token);
    expect(capped).toMatchObject({ total: 10_000, totalCapped: true });
    // Beyond the cap the page is still the first of all the matches in order, not of the first 10,000 found.
    expect(capped.items[0].email).toBe('many-9@example.test');
    const few = await t.getData('/v1/contacts?search=many-1000', d.token); // 1000, 10000 and 10001
    expect(few.total).toBe(3);
    expect(few.totalCapped).toBeUndefined();
    // A second page that is not full still tells the whole count, not what it holds.
    const second = await t.getData('/v1/contacts?search=many-1000&size=2&page=2', d.token);
    expect(second).toMatchObject({ total: 3, page: 2 });
    expect(second.items).toHaveLength(1);
    const all = await t.getData('/v1/contacts?status=subscribed', d.token);
    expect(all.total).toBe(10_001);
    expect(all.totalCapped).toBeUndefined();
  });

  it('finds and lists by the value of a field, built in or custom', async () => {
    await added(a, { email: 'member-7@example.test', firstname: 'Vera', fields: { age: 77 } });
    await added(a, { email: 'member-8@example.test', firstname: 'vera', fields: { age: 77 } });
    const found = await t.call('GET', '/v1/contacts/find?field=age&value=77', a.token);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.email).toBe('member-7@example.test');
    const listed = await t.getData('/v1/contacts?field=firstname&value=VERA', a.token);
    expect(listed.total).toBe(2);
    expect((await t.getData('/v1/contacts?field=age&value=77', a.token)).total).toBe(2);
    expect((await t.call('GET', '/v1/contacts/find?field=age&value=78', a.token)).statusCode).toBe(404);
    const unknown = await t.call('GET', '/v1/contacts/find?field=shoe_size&value=42', a.token);
    expect(unknown.statusCode).toBe(400);
    // The other company has no such field: its contacts are not searched by A's.
    expect((await t.call('GET', '/v1/contacts/find?field=age&value=77', b.token)).statusCode).toBe(400);
    expect((await t.call('GET', '/v1/contacts/find', a.token)).statusCode).toBe(400);
  });

  it("the plan's contact limit refuses one contact too many, also when several arrive at once", async () => {
    const d = await signUp(t.app, t.db, 'dora', 'Company D');
    await setCompanyLimit(t.db, await companyIdOf(d), 'contactLimit', 2);
    await added(d, { email: 'one@limit.test' });
    await added(d, { email: 'two@limit.test' });
    const third = await add(d, { email: 'three@limit.test' });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({
      code: 'quotaExceeded',
      message: 'Quota of contactLimit on contacts is exceeded',
      payload: { feature: 'contacts', subfeature: 'contactLimit' },
    });

    const e = await signUp(t.app, t.db, 'erin', 'Company E');
    await setCompanyLimit(t.db, await companyIdOf(e), 'contactLimit', 1);
    const raced = await Promise.all(
      ['one', 'two', 'three', 'four'].map((name) => add(e, { email: `${name}@race.test` })),
    );
    expect(raced.map((response) => response.statusCode).toSorted()).toEqual([201, 409, 409, 409]);
    expect((await t.getData('/v1/contacts', e.token)).total).toBe(1);
  });

  it("another company's contacts are not found, not listed, not changed and not put in its labels", async () => {
    const secretLabel = await label(a, 'Secret');
    const contact = await added(a, { email: 'private@example.test', labels: [secretLabel.id] });
    const refusals = [
      await t.get(`/v1/contacts/${contact.id}`, b.token),
      await t.get('/v1/contacts/find?email=private%40example.test', b.token),
      await t.call('PATCH', `/v1/contacts/${contact.id}`, b.token, { firstname: 'Mallory' }),
      await t.call('DELETE', `/v1/contacts/${contact.id}`, b.token),
      await t.get('/v1/contacts/not-a-number', b.token),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: 'entityNotFound', message: 'Contact not found' });
    }
    expect((await t.getData('/v1/contacts?search=private', b.token)).total).toBe(0);
    expect((await t.getData(`/v1/contacts?label=${secretLabel.id}`, b.token)).items).toEqual([]);
    const withForeignLabel = await add(b, { email: 'mine@example.test', labels: [secretLabel.id] });
    expect(withForeignLabel.statusCode).toBe(404);
    expect(withForeignLabel.json()).toMatchObject({ code: 'entityNotFound', message: 'Label not found' });

    const own = await label(b, 'Own');
    const put = await t.post(`/v1/contacts/label/${own.id}/members`, b.token, { contactIds: [contact.id] });
    expect(put.json().data).toMatchObject({ id: own.id, members: 0 });
    // The same address is another contact in another company.
    await added(b, { email: 'private@example.test' });
    expect(await t.getData(`/v1/contacts/${contact.id}`, a.token)).toMatchObject({
      email: 'private@example.test',
      firstname: null,
      labels: [{ id: secretLabel.id, name: 'Secret' }],
    });
  });

  it('a member adds and changes contacts but may not delete them', async () => {
    await t.db.query("UPDATE plan_quotas SET quota = -1 WHERE plan_id = 'FREE' AND feature = 'member'");
    const member = await joinMember(t.app, t.db, a);
    const contact = await added(member, { email: 'by-member@example.test' });
    const changed = await t.call('PATCH', `/v1/contacts/${contact.id}`, member.token, { firstname: 'Mem' });
    expect(changed.statusCode).toBe(200);
    const refused = await t.call('DELETE', `/v1/contacts/${contact.id}`, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'notAuthorized',
      payload: { subfeature: 'contacts.delete' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/v1/contacts' })).statusCode).toBe(401);
  });

  it('the OpenAPI document has the contact routes', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v1/contacts',
        '/v1/contacts/{id}',
        '/v1/contacts/find',
        '/v1/contacts/field',
        '/v1/contacts/field/{id}',
        '/v1/contacts/label',
        '/v1/contacts/label/{id}',
        '/v1/contacts/label/{id}/members',
      ]),
    );
  });
});
