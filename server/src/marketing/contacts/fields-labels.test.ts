import { beforeAll, describe, expect, it } from 'vitest';
import { setCompanyLimit } from '../../accounts/plans/plan-catalogue.ts';
import { signUp, type TestAccount } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { joinMember } from '../../testing/team.ts';

describe.each(databases)('contact fields and labels on $name', (database) => {
  const t = useTestApp(database);
  let a: TestAccount;
  let b: TestAccount;

  const addField = (account: TestAccount, field: object) =>
    t.post('/v1/contacts/field', account.token, field);

  const contact = async (account: TestAccount, body: object) => {
    const response = await t.post('/v1/contacts', account.token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; fields: Record<string, unknown> };
  };

  const addLabel = (account: TestAccount, name: string) =>
    t.post('/v1/contacts/label', account.token, { name });

  const label = async (account: TestAccount, name: string) => {
    const response = await addLabel(account, name);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; name: string; members: number };
  };

  const labels = async (account: TestAccount, query = '') =>
    (await t.getData(`/v1/contacts/label${query}`, account.token)) as {
      items: { id: string; name: string; members: number }[];
      total: number;
    };

  /** The label's `members` beside a count of its rows: they must agree. */
  const counts = async (account: TestAccount, id: string) => {
    const listed = (await labels(account, '?size=100')).items.find((item) => item.id === id)?.members;
    const { rows } = await t.db.one<{ rows: number }>(
      'SELECT count(*)::int AS rows FROM contact_label_members WHERE label_id = $1',
      [id],
    );
    return [listed, rows];
  };

  beforeAll(async () => {
    a = await signUp(t.app, t.db, 'alice', 'Company A');
    b = await signUp(t.app, t.db, 'bob', 'Company B');
  });

  it("lists the built-in fields first; a tag used by another field or a built-in one is refused (127); the plan's field limit", async () => {
    const city = await addField(a, { name: 'City', tag: 'city', type: 'text' });
    expect(city.statusCode, city.body).toBe(201);
    expect(city.json().data).toMatchObject({
      name: 'City',
      tag: 'city',
      type: 'text',
      choices: null,
      builtIn: false,
    });

    for (const tag of ['city', 'email', 'phone', 'preferences_url']) {
      const used = await addField(a, { name: 'Again', tag, type: 'number' });
      expect(used.statusCode, tag).toBe(409);
      expect(used.json()).toEqual({
        code: 'contactTagUsed',
        message: `Tag ${tag} is already used by another field`,
        payload: { field: 'tag', value: tag },
      });
    }
    for (const field of [
      { name: 'Upper', tag: 'City2', type: 'text' },
      { name: 'Digit first', tag: '2city', type: 'text' },
      { name: 'Long', tag: `a${'b'.repeat(40)}`, type: 'text' },
      { name: 'No choices', tag: 'tier', type: 'choice' },
      { name: 'Text with choices', tag: 'tier', type: 'text', choices: ['a'] },
      { name: 'Twice', tag: 'tier', type: 'choice', choices: ['a', 'a'] },
      { name: 'Odd type', tag: 'tier', type: 'color' },
    ]) {
      expect((await addField(a, field)).json(), field.name).toMatchObject({ code: 'validation' });
    }

    expect((await addField(a, { name: 'Score', tag: 'score', type: 'number' })).statusCode).toBe(201);
    const third = await addField(a, { name: 'Birthday', tag: 'birthday', type: 'date' });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      code: 'quotaExceeded',
      payload: { feature: 'contacts', subfeature: 'customFieldLimit' },
    });

    const fields = (await t.getData('/v1/contacts/field', a.token)).items;
    expect(fields.map((field: { tag: string; builtIn: boolean }) => [field.tag, field.builtIn])).toEqual([
      ['email', true],
      ['firstname', true],
      ['lastname', true],
      ['phone', true],
      ['city', false],
      ['score', false],
    ]);
    expect((await t.getData('/v1/contacts/field', b.token)).items).toHaveLength(4);
  });

  it('checks each type: number, date, boolean, choice, text', async () => {
    const c = await signUp(t.app, t.db, 'carol', 'Company C');
    const { company_id } = await t.db.one<{ company_id: string }>(
      'SELECT company_id FROM users WHERE email = $1',
      [c.email],
    );
    await setCompanyLimit(t.db, company_id, 'customFieldLimit', -1);
    for (const field of [
      { name: 'Size', tag: 'size', type: 'number' },
      { name: 'Born', tag: 'born', type: 'date' },
      { name: 'Vip', tag: 'vip', type: 'boolean' },
      { name: 'Tier', tag: 'tier', type: 'choice', choices: ['gold', 'silver'] },
      { name: 'Note', tag: 'note', type: 'text' },
    ]) {
      expect((await addField(c, field)).statusCode).toBe(201);
    }
    const made = await contact(c, {
      email: 'typed@example.test',
      fields: { size: '-1.5', born: '1990-02-28', vip: 'true', tier: 'silver', note: 12 },
    });
    expect(made.fields).toEqual({ size: -1.5, born: '1990-02-28', vip: true, tier: 'silver', note: '12' });
    for (const [tag, value] of [
      ['size', '1e3'],
      ['born', '1990-02-30'],
      ['born', '28/02/1990'],
      ['vip', 'yes'],
      ['tier', 'Gold'],
    ] as const) {
      const refused = await t.post('/v1/contacts', c.token, {
        email: 'wrong@example.test',
        fields: { [tag]: value },
      });
      expect(refused.statusCode, `${tag} ${value}`).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'validation',
        payload: { field: `fields.${tag}`, value },
      });
    }
  });

  it('deleting a field takes its values out of every contact; a new field with the tag starts empty', async () => {
    const d = await signUp(t.app, t.db, 'dora', 'Company D');
    const town = (await addField(d, { name: 'Town', tag: 'town', type: 'text' })).json().data;
    await addField(d, { name: 'Points', tag: 'points', type: 'number' });
    const made = await contact(d, { email: 'fields@example.test', fields: { town: 'Paris', points: 5 } });

    expect((await t.call('DELETE', `/v1/contacts/field/${town.id}`, b.token)).statusCode).toBe(404);
    const removed = await t.call('DELETE', `/v1/contacts/field/${town.id}`, d.token);
    expect(removed.statusCode, removed.body).toBe(200);
    const stored = await t.db.one<{ fields: Record<string, unknown> }>(
      'SELECT fields FROM contacts WHERE id = $1',
      [made.id],
    );
    expect(Object.keys(stored.fields)).not.toContain(town.id);
    expect((await t.getData(`/v1/contacts/${made.id}`, d.token)).fields).toEqual({ points: 5 });

    expect((await addField(d, { name: 'Town', tag: 'town', type: 'text' })).statusCode).toBe(201);
    expect((await t.getData(`/v1/contacts/${made.id}`, d.token)).fields).toEqual({ points: 5 });
    expect((await t.call('DELETE', `/v1/contacts/field/${town.id}`, d.token)).statusCode).toBe(404);
  });

  it('label names are unique whatever the case; labels list with search, sort and paging', async () => {
    const news = await label(a, 'News');
    for (const name of ['news', ' NEWS ']) {
      const duplicate = await addLabel(a, name);
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({
        code: 'duplicate',
        message: 'A label with this name already exists',
        payload: { field: 'name' },
      });
    }
    const offers = await label(a, 'Offers');
    const renamedOnto = await t.call('PATCH', `/v1/contacts/label/${offers.id}`, a.token, { name: 'NEWS' });
    expect(renamedOnto.statusCode).toBe(409);
    const renamed = await t.call('PATCH', `/v1/contacts/label/${offers.id}`, a.token, { name: 'Deals' });
    expect(renamed.json().data).toMatchObject({ id: offers.id, name: 'Deals', members: 0 });
    await label(a, 'archive');

    const names = async (query: string) => (await labels(a, query)).items.map((item) => item.name);
    expect(await names('?sort=name')).toEqual(['archive', 'Deals', 'News']);
    expect(await names('?sort=-name&size=2&page=2')).toEqual(['archive']);
    expect(await names('')).toEqual(['archive', 'Deals', 'News']);
    expect(await names('?search=EW')).toEqual(['News']);
    expect((await labels(a, '?size=1')).total).toBe(3);
    expect((await t.get('/v1/contacts/label?sort=password', a.token)).statusCode).toBe(400);
    expect((await labels(b)).items).toEqual([]);
    expect(news.members).toBe(0);
  });

  it('member counts stay exact through add, add twice, remove, a deleted contact and a deleted label', async () => {
    const e = await signUp(t.app, t.db, 'erin', 'Company E');
    const group = await label(e, 'Group');
    const [one, two, three] = [
      await contact(e, { email: 'one@count.test' }),
      await contact(e, { email: 'two@count.test' }),
      await contact(e, { email: 'three@count.test' }),
    ];
    const foreign = await contact(b, { email: 'foreign@count.test' });
    const members = (method: 'POST' | 'DELETE', contactIds: string[]) =>
      t.call(method, `/v1/contacts/label/${group.id}/members`, e.token, { contactIds });

    const put = await members('POST', [one.id, two.id]);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ id: group.id, name: 'Group', members: 2 });
    expect((await members('POST', [one.id, two.id])).json().data.members).toBe(2);
    expect((await members('POST', [three.id, '999999', foreign.id, three.id])).json().data.members).toBe(3);
    expect(await counts(e, group.id)).toEqual([3, 3]);
    expect((await members('DELETE', [one.id, '999999', foreign.id])).json().data.members).toBe(2);
    expect((await members('DELETE', [one.id])).json().data.members).toBe(2);
    expect((await t.call('DELETE', `/v1/contacts/${two.id}`, e.token)).statusCode).toBe(200);
    expect(await counts(e, group.id)).toEqual([1, 1]);
    expect((await t.getData(`/v1/contacts/${three.id}`, e.token)).labels).toEqual([
      { id: group.id, name: 'Group' },
    ]);
    expect((await members('POST', [])).statusCode).toBe(400);

    expect((await t.call('DELETE', `/v1/contacts/label/${group.id}`, e.token)).statusCode).toBe(200);
    expect((await t.getData(`/v1/contacts/${three.id}`, e.token)).labels).toEqual([]);
    expect((await members('POST', [three.id])).statusCode).toBe(404);
  });

  it("another company's labels are not renamed, deleted or filled; a member manages labels and fields", async () => {
    const owned = await label(a, 'Owned by A');
    const aContact = await contact(a, { email: 'in-a@example.test' });
    for (const response of [
      await t.call('PATCH', `/v1/contacts/label/${owned.id}`, b.token, { name: 'Taken' }),
      await t.call('DELETE', `/v1/contacts/label/${owned.id}`, b.token),
      await t.post(`/v1/contacts/label/${owned.id}/members`, b.token, { contactIds: [aContact.id] }),
      await t.call('DELETE', `/v1/contacts/label/${owned.id}/members`, b.token, {
        contactIds: [aContact.id],
      }),
      await t.call('DELETE', '/v1/contacts/label/not-a-number', b.token),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: 'entityNotFound', message: 'Label not found' });
    }
    expect(await counts(a, owned.id)).toEqual([0, 0]);
    expect((await labels(a, '?search=Owned')).items[0]?.name).toBe('Owned by A');

    await t.db.query("UPDATE plan_quotas SET quota = -1 WHERE plan_id = 'FREE' AND feature = 'member'");
    const member = await joinMember(t.app, t.db, b);
    expect((await addLabel(member, 'By member')).statusCode).toBe(201);
    expect(
      (await addField(member, { name: 'Member field', tag: 'member_field', type: 'text' })).statusCode,
    ).toBe(201);
  });
});
