import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCall } from '../../testing/engine.ts';
import { createSuppressionStore } from './suppression-store.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(databases)('suppression list on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;
  let subaccountId: number;
  let subaccountKey: string;

  const call = (account: EngineAccount, method: Method, url: string, body?: unknown, key?: string) =>
    engineCall(t.app, account, method, url, body, key ? { authorization: key } : {});
  const entry = (recipient: string, type = 'transactional', description = '') => ({
    recipient,
    type,
    description,
  });
  const put = (account: EngineAccount, recipients: unknown[], key?: string) =>
    call(account, 'PUT', '/suppression-list', { recipients }, key);
  const search = async (account: EngineAccount, query: string, key?: string) => {
    const response = await call(account, 'GET', `/suppression-list?${query}`, undefined, key);
    expect(response.statusCode).toBe(200);
    return response.json() as {
      results: Array<{ recipient: string; type: string; description: string }>;
      total_count: number;
      links: { next?: string };
    };
  };

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'supp-a');
    b = await engineAccount(t.app, t.db, 'supp-b');
    const created = await call(a, 'POST', '/subaccounts', {
      name: 'Shop',
      setup_api_key: true,
      key_label: 'shop',
      key_grants: ['suppression_lists/manage'],
    });
    subaccountId = created.json().results.subaccount_id;
    subaccountKey = created.json().results.key;
  });

  it('bulk PUT stores lower-cased entries, one per type, as Manually Added', async () => {
    const response = await put(a, [
      entry('Alice@Example.com', 'transactional', 'asked by phone'),
      entry('alice@example.com', 'non_transactional'),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: { message: 'Suppression List successfully updated' } });
    const found = await call(a, 'GET', '/suppression-list/ALICE@example.com');
    expect(found.statusCode).toBe(200);
    const body = found.json();
    expect(body.total_count).toBe(2);
    // Newest update first, as the search; these two were written together.
    expect(body.results).toHaveLength(2);
    expect(body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          recipient: 'alice@example.com',
          type: 'non_transactional',
          source: 'Manually Added',
          transactional: false,
          non_transactional: true,
          subaccount_id: 0,
        }),
        expect.objectContaining({
          recipient: 'alice@example.com',
          type: 'transactional',
          description: 'asked by phone',
          transactional: true,
          non_transactional: false,
        }),
      ]),
    );
    expect(Date.parse(body.results[0].created)).not.toBeNaN();
  });

  it('updating an entry keeps created and moves updated', async () => {
    await put(a, [{ ...entry('upd@example.com', 'transactional', 'first'), list_id: 'newsletter' }]);
    const before = (await call(a, 'GET', '/suppression-list/upd@example.com')).json().results[0];
    expect(before.list_id).toBe('newsletter');
    t.clock.advance(60_000);
    await call(a, 'PUT', '/suppression-list/upd@example.com', {
      type: 'transactional',
      description: 'second',
    });
    const after = (await call(a, 'GET', '/suppression-list/upd@example.com')).json().results[0];
    expect(after).toMatchObject({ description: 'second', created: before.created });
    expect(Date.parse(after.updated) - Date.parse(before.updated)).toBe(60_000);
    expect(after.list_id).toBeUndefined();
  });

  it('rejects a bulk PUT with one bad entry, naming its index, and stores none of it', async () => {
    const badEmail = await put(a, [
      entry('ok1@example.com'),
      entry('ok2@example.com'),
      entry('not-an-address'),
    ]);
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors[0]).toMatchObject({ code: '1300' });
    expect(badEmail.json().errors[0].description).toContain('recipients.2.recipient');
    expect((await call(a, 'GET', '/suppression-list/ok1@example.com')).statusCode).toBe(404);

    const badType = await put(a, [entry('ok1@example.com'), entry('ok2@example.com', 'marketing')]);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors[0].description).toContain('recipients.1.type');

    const missing = await put(a, [{ recipient: 'ok1@example.com' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ message: 'required field is missing', code: '1400' });
    expect((await call(a, 'GET', '/suppression-list/ok1@example.com')).statusCode).toBe(404);
  });

  it('takes 10,000 entries in one PUT and refuses 10,001', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => entry(`bulk${index}@many.example`));
    const stored = await put(a, many);
    expect(stored.statusCode).toBe(200);
    const listed = await search(a, 'domain=many.example&per_page=1');
    expect(listed.total_count).toBe(10_000);

    const tooMany = await put(a, [...many, entry('one-more@many.example')]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].description).toContain('at most 10000');
    expect((await call(a, 'GET', '/suppression-list/one-more@many.example')).statusCode).toBe(404);
  });

  it('DELETE removes one type with `type`, both without it, and 404s when nothing is there', async () => {
    await put(a, [entry('del@example.com'), entry('del@example.com', 'non_transactional')]);
    const one = await call(a, 'DELETE', '/suppression-list/del@example.com', { type: 'transactional' });
    expect(one.statusCode).toBe(204);
    const left = (await call(a, 'GET', '/suppression-list/del@example.com')).json().results;
    expect(left.map((item: { type: string }) => item.type)).toEqual(['non_transactional']);
    expect((await call(a, 'DELETE', '/suppression-list/del@example.com?type=transactional')).statusCode).toBe(
      404,
    );

    await put(a, [entry('del@example.com')]);
    expect((await call(a, 'DELETE', '/suppression-list/DEL@example.com')).statusCode).toBe(204);
    expect((await call(a, 'GET', '/suppression-list/del@example.com')).statusCode).toBe(404);
    const gone = await call(a, 'DELETE', '/suppression-list/del@example.com');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors[0]).toMatchObject({ message: 'resource not found', code: '1600' });
    expect((await call(a, 'DELETE', '/suppression-list/del@example.com', { type: 'both' })).statusCode).toBe(
      400,
    );
  });

  it('single PUT validates the address and the type', async () => {
    const badAddress = await call(a, 'PUT', '/suppression-list/nobody', { type: 'transactional' });
    expect(badAddress.statusCode).toBe(400);
    const badType = await call(a, 'PUT', '/suppression-list/x@example.com', { type: 'all' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors[0].description).toContain('type');
    expect((await call(a, 'GET', '/suppression-list/never@example.com')).statusCode).toBe(404);
  });

  it('search filters on types, sources, description, domain and the updated range', async () => {
    const start = t.clock.now();
    await put(a, [
      entry('s1@filter.example', 'transactional', 'Hard BOUNCE from provider'),
      entry('s2@filter.example', 'non_transactional', 'unsubscribed'),
    ]);
    t.clock.advance(3_600_000);
    const later = t.clock.now();
    await put(a, [entry('s3@filter.example', 'transactional', 'bounced twice')]);
    await createSuppressionStore(t.db, t.clock).add([
      {
        companyId: a.companyId,
        subaccountId: 0,
        recipient: 's4@filter.example',
        type: 'non_transactional',
        source: 'Spam Complaint',
        description: 'complaint',
      },
    ]);

    const names = (page: { results: Array<{ recipient: string }> }) =>
      page.results.map((item) => item.recipient).sort();
    expect(names(await search(a, 'domain=FILTER.example'))).toEqual([
      's1@filter.example',
      's2@filter.example',
      's3@filter.example',
      's4@filter.example',
    ]);
    expect(names(await search(a, 'domain=filter.example&types=non_transactional'))).toEqual([
      's2@filter.example',
      's4@filter.example',
    ]);
    expect(names(await search(a, 'domain=filter.example&sources=Spam%20Complaint'))).toEqual([
      's4@filter.example',
    ]);
    expect(names(await search(a, 'domain=filter.example&description=bounce'))).toEqual([
      's1@filter.example',
      's3@filter.example',
    ]);
    // description_strict: the whole description, as written.
    const strict = 'domain=filter.example&description_strict=true&description=';
    expect(names(await search(a, `${strict}bounced%20twice`))).toEqual(['s3@filter.example']);
    expect(names(await search(a, `${strict}bounce`))).toEqual([]);
    const from = encodeURIComponent(later.toISOString());
    expect(names(await search(a, `domain=filter.example&from=${from}`))).toEqual([
      's3@filter.example',
      's4@filter.example',
    ]);
    const to = encodeURIComponent(new Date(later.getTime() - 1).toISOString());
    const early = await search(
      a,
      `domain=filter.example&from=${encodeURIComponent(start.toISOString())}&to=${to}`,
    );
    expect(names(early)).toEqual(['s1@filter.example', 's2@filter.example']);
    expect(early.total_count).toBe(2);
    expect(names(await search(a, 'domain=other.example'))).toEqual([]);
  });

  it('pages the search with an opaque cursor, newest update first, with total_count on each page', async () => {
    for (let index = 0; index < 7; index += 1) {
      await put(a, [entry(`page${index}@paging.example`)]);
      if (index % 2 === 0) t.clock.advance(1000); // some entries share `updated`
    }
    const seen: string[] = [];
    let url: string | undefined = '/suppression-list?domain=paging.example&per_page=3';
    let pages = 0;
    while (url) {
      const response = await call(a, 'GET', url.replace('/api/v1', ''));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.total_count).toBe(7);
      seen.push(...body.results.map((item: { recipient: string }) => item.recipient));
      url = body.links.next;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(7);
    const updatedOrder = (await search(a, 'domain=paging.example')).results.map((item) => item.recipient);
    expect(seen).toEqual(updatedOrder);
    const ascending = (await search(a, 'domain=paging.example&sort=asc')).results.map(
      (item) => item.recipient,
    );
    expect(ascending).toEqual([...updatedOrder].reverse());
  });

  it('pages the search with page numbers too; a cursor outranks the page', async () => {
    for (let index = 0; index < 5; index += 1) {
      await put(a, [entry(`n${index}@numbered.example`)]);
      t.clock.advance(1000);
    }
    const all = (await search(a, 'domain=numbered.example')).results.map((item) => item.recipient);
    const seen: string[] = [];
    let url: string | undefined = '/suppression-list?domain=numbered.example&per_page=2&page=1';
    while (url) {
      const response = await call(a, 'GET', url.replace('/api/v1', ''));
      const body = response.json();
      expect(body.total_count).toBe(5);
      seen.push(...body.results.map((item: { recipient: string }) => item.recipient));
      url = body.links.next;
    }
    expect(seen).toEqual(all);
    const third = await search(a, 'domain=numbered.example&per_page=2&page=3');
    expect(third.results.map((item) => item.recipient)).toEqual(all.slice(4));
    const cursorFirst = await search(a, 'domain=numbered.example&per_page=2&page=3&cursor=initial');
    expect(cursorFirst.results.map((item) => item.recipient)).toEqual(all.slice(0, 2));
  });

  it('rejects bad search parameters with 400, as the reference does for list_id', async () => {
    for (const query of [
      'types=marketing',
      'sources=Robot',
      'from=yesterday',
      'from=2024-02-30T00:00:00Z',
      'per_page=0',
      'per_page=10001',
      'page=0',
      'page=two',
      'per_page=5000&page=3',
      'cursor=bm90LWEtY3Vyc29y',
      'from=2024-05-02T00:00:00Z&to=2024-05-01T00:00:00Z',
    ]) {
      const response = await call(a, 'GET', `/suppression-list?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].message).toBe('invalid data format/type');
    }
  });

  it('searches one mailing list with list_id, the account-wide entries with an empty one', async () => {
    await put(a, [
      { ...entry('weekly@lists.test'), list_id: 'weekly.news.test' },
      { ...entry('daily@lists.test'), list_id: 'daily.news.test' },
      entry('everything@lists.test'),
    ]);
    const recipients = async (query: string) =>
      (await search(a, `domain=lists.test&${query}`)).results.map((found) => found.recipient);
    expect(await recipients('list_id=weekly.news.test')).toEqual(['weekly@lists.test']);
    expect(await recipients('list_id=')).toEqual(['everything@lists.test']);
    expect((await recipients('')).sort()).toEqual([
      'daily@lists.test',
      'everything@lists.test',
      'weekly@lists.test',
    ]);
    for (const listId of ['.weekly', 'weekly..news', 'weekly news', 'x'.repeat(256)]) {
      const refused = await call(a, 'GET', `/suppression-list?list_id=${encodeURIComponent(listId)}`);
      expect(refused.statusCode, listId).toBe(400);
    }
  });

  it("DELETE with list_id removes only that list's entry; an empty list_id only an account-wide one", async () => {
    await put(a, [
      { ...entry('member@lists-del.test', 'transactional'), list_id: 'club.lists-del.test' },
      entry('member@lists-del.test', 'non_transactional'),
    ]);
    const types = async () =>
      (await call(a, 'GET', '/suppression-list/member@lists-del.test'))
        .json()
        .results?.map((e: { type: string }) => e.type);
    expect(
      (await call(a, 'DELETE', '/suppression-list/member@lists-del.test?list_id=other.lists-del.test'))
        .statusCode,
    ).toBe(404);
    expect((await call(a, 'DELETE', '/suppression-list/member@lists-del.test?list_id=')).statusCode).toBe(
      204,
    );
    expect(await types()).toEqual(['transactional']);
    expect(
      (await call(a, 'DELETE', '/suppression-list/member@lists-del.test?list_id=club.lists-del.test'))
        .statusCode,
    ).toBe(204);
    expect(await types()).toBeUndefined();
    expect(
      (await call(a, 'DELETE', '/suppression-list/member@lists-del.test?list_id=..bad')).statusCode,
    ).toBe(400);
  });

  it('summary counts entries per source and type', async () => {
    const c = await engineAccount(t.app, t.db, 'supp-summary');
    await put(c, [
      entry('x@sum.example'),
      entry('x@sum.example', 'non_transactional'),
      entry('y@sum.example'),
    ]);
    await createSuppressionStore(t.db, t.clock).add([
      {
        companyId: c.companyId,
        subaccountId: 0,
        recipient: 'z@sum.example',
        type: 'transactional',
        source: 'Bounce Rule',
      },
    ]);
    const summary = await call(c, 'GET', '/suppression-list/summary');
    expect(summary.statusCode).toBe(200);
    expect(summary.json().results).toEqual({
      spam_complaint: 0,
      list_unsubscribe: 0,
      bounce_rule: 1,
      unsubscribe_link: 0,
      manually_added: 3,
      compliance: 0,
      transactional: 3,
      non_transactional: 1,
      total: 4,
    });
  });

  it("no company sees, changes or deletes another's entries", async () => {
    await put(a, [entry('secret@tenant.example', 'transactional', 'A only')]);
    expect((await call(b, 'GET', '/suppression-list/secret@tenant.example')).statusCode).toBe(404);
    expect((await call(b, 'DELETE', '/suppression-list/secret@tenant.example')).statusCode).toBe(404);
    expect((await search(b, 'domain=tenant.example')).total_count).toBe(0);
    expect((await call(b, 'GET', '/suppression-list/summary')).json().results.total).toBe(0);
    await put(b, [entry('secret@tenant.example', 'transactional', 'B own')]);
    const mine = (await call(a, 'GET', '/suppression-list/secret@tenant.example')).json().results;
    expect(mine).toEqual([expect.objectContaining({ description: 'A only' })]);
  });

  it('a subaccount has its own list, reached by its key or by the master with X-MSYS-SUBACCOUNT; the master without it looks an address up in every list', async () => {
    await put(a, [entry('sub@split.example', 'transactional', 'master')]);
    await put(a, [entry('sub@split.example', 'transactional', 'subaccount')], subaccountKey);
    const viaKey = (
      await call(a, 'GET', '/suppression-list/sub@split.example', undefined, subaccountKey)
    ).json();
    expect(viaKey.results).toEqual([
      expect.objectContaining({ description: 'subaccount', subaccount_id: subaccountId }),
    ]);
    const viaHeader = await engineCall(t.app, a, 'GET', '/suppression-list/sub@split.example', undefined, {
      subaccount: subaccountId,
    });
    expect(viaHeader.json().results[0].description).toBe('subaccount');
    const primary = await engineCall(t.app, a, 'GET', '/suppression-list/sub@split.example', undefined, {
      subaccount: 0,
    });
    expect(primary.json().results).toEqual([
      expect.objectContaining({ description: 'master', subaccount_id: 0 }),
    ]);
    const everyList = (await call(a, 'GET', '/suppression-list/sub@split.example')).json();
    expect(everyList.total_count).toBe(2);
    expect(everyList.results.map((item: { subaccount_id: number }) => item.subaccount_id).sort()).toEqual(
      [0, subaccountId].sort(),
    );
    const first = (await call(a, 'GET', '/suppression-list/sub@split.example?per_page=1')).json();
    const second = (await call(a, 'GET', first.links.next.replace('/api/v1', ''))).json();
    expect([...first.results, ...second.results]).toEqual(everyList.results);
    expect(second.links).toEqual({});
    // The list search stays within one list: the master's own.
    expect((await search(a, 'domain=split.example')).total_count).toBe(1);

    expect(
      (await call(a, 'DELETE', '/suppression-list/sub@split.example', undefined, subaccountKey)).statusCode,
    ).toBe(204);
    expect((await call(a, 'GET', '/suppression-list/sub@split.example')).statusCode).toBe(200);
    expect((await search(a, 'domain=split.example', subaccountKey)).total_count).toBe(0);
  });

  it('refuses keys without suppression_lists/manage', async () => {
    const { key } = (await call(a, 'POST', '/api-keys', { label: 'inject', grants: ['smtp/inject'] })).json()
      .results;
    const refused = await call(a, 'GET', '/suppression-list', undefined, key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].description).toContain('suppression_lists/manage');
  });

  it('suppressed() answers for one account and type; Compliance entries are neither replaced nor removed', async () => {
    const store = createSuppressionStore(t.db, t.clock);
    await put(a, [entry('hot@path.example'), entry('cold@path.example', 'non_transactional')]);
    await put(a, [entry('sub-only@path.example')], subaccountKey);
    const asked = ['HOT@path.example', 'cold@path.example', 'sub-only@path.example', 'free@path.example'];
    expect(await store.suppressed(a.companyId, 0, asked, 'transactional')).toEqual(
      new Set(['hot@path.example']),
    );
    expect(await store.suppressed(a.companyId, 0, asked, 'non_transactional')).toEqual(
      new Set(['cold@path.example']),
    );
    expect(await store.suppressed(a.companyId, subaccountId, asked, 'transactional')).toEqual(
      new Set(['sub-only@path.example']),
    );
    expect(await store.suppressed(b.companyId, 0, asked, 'transactional')).toEqual(new Set());
    expect(await store.suppressed(a.companyId, 0, [], 'transactional')).toEqual(new Set());
    // Asked at once, the checks share one query and each still gets its own account's answer.
    const together = await Promise.all([
      store.suppressed(b.companyId, 0, asked, 'transactional'),
      store.suppressed(a.companyId, subaccountId, asked, 'transactional'),
      store.suppressed(a.companyId, 0, asked, 'non_transactional'),
      store.suppressed(a.companyId, 0, asked, 'transactional'),
    ]);
    expect(together).toEqual([
      new Set(),
      new Set(['sub-only@path.example']),
      new Set(['cold@path.example']),
      new Set(['hot@path.example']),
    ]);

    await store.add([
      {
        companyId: a.companyId,
        subaccountId: 0,
        recipient: 'held@path.example',
        type: 'transactional',
        source: 'Compliance',
        description: 'abuse',
      },
    ]);
    await put(a, [entry('held@path.example', 'transactional', 'overwrite attempt')]);
    const held = (await call(a, 'GET', '/suppression-list/held@path.example')).json().results;
    expect(held).toEqual([expect.objectContaining({ source: 'Compliance', description: 'abuse' })]);
    const refused = await call(a, 'DELETE', '/suppression-list/held@path.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].description).toContain('Compliance');
  });
});
