import { describe, expect, it } from 'vitest';
import { databases, expectError, expectResults, useReferenceApi } from './reference-api.ts';

const entryKeys = ['recipient', 'type', 'source', 'description', 'created', 'updated'];

describe.each(databases)('the suppression list as the reference documents it, on $name', (database) => {
  const api = useReferenceApi(database, 'conf-suppression');
  const putOne = (recipient: string, body: Record<string, unknown>) =>
    api.call('PUT', `/suppression-list/${encodeURIComponent(recipient)}`, body);

  it('PUT /suppression-list/ with entries: 200 with a message', async () => {
    const bulk = await api.call('PUT', '/suppression-list/', {
      recipients: [
        { recipient: 'quiet@meadow.test', type: 'transactional', description: 'asked' },
        { recipient: 'quiet@meadow.test', type: 'non_transactional' },
        { recipient: 'digest@meadow.test', type: 'non_transactional', list_id: 'digest.meadow.test' },
      ],
    });
    expectResults(bulk, 200, ['message']);
  });

  it('PUT /suppression-list with a malformed entry: 400, nothing stored', async () => {
    const bulk = await api.call('PUT', '/suppression-list', {
      recipients: [{ recipient: 'fine@meadow.test', type: 'transactional' }, { recipient: 'broken' }],
    });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().errors.length).toBeGreaterThan(0);
    expectError(await api.call('GET', '/suppression-list/fine@meadow.test'), 404, '1600');
  });

  it('PUT /suppression-list/{recipient}: 200 with a message', async () => {
    expectResults(
      await putOne('single@meadow.test', { type: 'non_transactional', description: 'form' }),
      200,
      ['message'],
    );
  });

  it('PUT /suppression-list/{recipient} without a type, or with an unknown one: 400', async () => {
    expect((await putOne('single@meadow.test', { description: 'no type' })).statusCode).toBe(400);
    expect((await putOne('single@meadow.test', { type: 'marketing' })).statusCode).toBe(400);
  });

  it('GET /suppression-list/{recipient}: 200 with its entries', async () => {
    const body = expectResults(await api.call('GET', '/suppression-list/quiet@meadow.test'), 200);
    expect(body.results).toHaveLength(2);
    for (const key of entryKeys) expect(body.results[0]).toHaveProperty(key);
  });

  it('GET /suppression-list/{recipient}?types= and per_page: its entries of those types, paged: 200', async () => {
    const transactional = (
      await api.call('GET', '/suppression-list/quiet@meadow.test?types=transactional')
    ).json();
    expect(transactional.results.map((entry: { type: string }) => entry.type)).toEqual(['transactional']);
    const paged = (await api.call('GET', '/suppression-list/quiet@meadow.test?per_page=1&page=2')).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.total_count).toBe(2);
    expect((await api.call('GET', '/suppression-list/quiet@meadow.test?types=marketing')).statusCode).toBe(
      400,
    );
  });

  it('GET /suppression-list/{recipient} without X-MSYS-SUBACCOUNT looks in every list, with 0 in the primary one', async () => {
    const sub = (await api.call('POST', '/subaccounts', { name: 'Meadow shop', setup_api_key: false })).json()
      .results.subaccount_id;
    await api.call(
      'PUT',
      '/suppression-list/shop@meadow.test',
      { type: 'transactional' },
      { subaccount: sub },
    );
    const everyList = expectResults(await api.call('GET', '/suppression-list/shop@meadow.test'), 200);
    expect(everyList.results).toEqual([expect.objectContaining({ subaccount_id: sub })]);
    expectError(
      await api.call('GET', '/suppression-list/shop@meadow.test', undefined, { subaccount: 0 }),
      404,
      '1600',
    );
  });

  it('GET /suppression-list/{recipient} of an address not on the list: 404, code 1600', async () => {
    expectError(await api.call('GET', '/suppression-list/absent@meadow.test'), 404, '1600');
  });

  it('DELETE /suppression-list/{recipient}: 204', async () => {
    await putOne('leaving@meadow.test', { type: 'transactional' });
    const deleted = await api.call('DELETE', '/suppression-list/leaving@meadow.test');
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
  });

  it("DELETE ?list_id= removes that list's entry only: 204", async () => {
    await putOne('two-lists@meadow.test', { type: 'transactional', list_id: 'tides.meadow.test' });
    await putOne('two-lists@meadow.test', { type: 'non_transactional' });
    const deleted = await api.call(
      'DELETE',
      '/suppression-list/two-lists@meadow.test?list_id=tides.meadow.test',
    );
    expect(deleted.statusCode).toBe(204);
    const left = (await api.call('GET', '/suppression-list/two-lists@meadow.test')).json().results;
    expect(left).toEqual([expect.objectContaining({ type: 'non_transactional' })]);
  });

  it('DELETE an address not on the list: 404, code 1600', async () => {
    expectError(await api.call('DELETE', '/suppression-list/absent@meadow.test'), 404, '1600');
  });

  it('DELETE an entry the compliance system added: 403', async () => {
    await api.t.engine.suppressions.add([
      {
        companyId: api.account.companyId,
        subaccountId: 0,
        recipient: 'flagged@meadow.test',
        type: 'non_transactional',
        source: 'Compliance',
        description: 'flagged',
      },
    ]);
    const refused = await api.call('DELETE', '/suppression-list/flagged@meadow.test');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].description).toContain('Compliance');
  });

  it('GET /suppression-list searches: 200 with results, total_count and links', async () => {
    const body = await api.call('GET', '/suppression-list?domain=meadow.test&types=transactional&per_page=1');
    expect(body.statusCode).toBe(200);
    expect(Object.keys(body.json()).sort()).toEqual(['links', 'results', 'total_count']);
    expect(body.json().results).toHaveLength(1);
  });

  it('GET /suppression-list pages with page and per_page, or with cursor=initial: 200', async () => {
    await api.call('PUT', '/suppression-list', {
      recipients: ['p1', 'p2', 'p3'].map((name) => ({
        recipient: `${name}@pages.test`,
        type: 'transactional',
      })),
    });
    const recipients = (body: { results: Array<{ recipient: string }> }) =>
      body.results.map((entry) => entry.recipient);
    const all = recipients((await api.call('GET', '/suppression-list?domain=pages.test')).json());
    const second = (await api.call('GET', '/suppression-list?domain=pages.test&per_page=2&page=2')).json();
    expect(recipients(second)).toEqual(all.slice(2));
    expect(second.total_count).toBe(3);
    const first = (
      await api.call('GET', '/suppression-list?domain=pages.test&per_page=2&cursor=initial')
    ).json();
    expect(recipients(first)).toEqual(all.slice(0, 2));
    expect(first.links.next).toContain('cursor=');
  });

  it('GET /suppression-list with a page past the first 10,000 results: 400', async () => {
    expect((await api.call('GET', '/suppression-list?per_page=10000&page=2')).statusCode).toBe(400);
  });

  it('GET /suppression-list?list_id= a list, or empty for the account-wide entries: 200', async () => {
    const listed = (await api.call('GET', '/suppression-list?list_id=digest.meadow.test')).json();
    expect(listed.results).toEqual([
      expect.objectContaining({ recipient: 'digest@meadow.test', list_id: 'digest.meadow.test' }),
    ]);
    const accountWide = (await api.call('GET', '/suppression-list?domain=meadow.test&list_id=')).json();
    expect(accountWide.results.map((entry: { recipient: string }) => entry.recipient)).not.toContain(
      'digest@meadow.test',
    );
  });

  it('GET /suppression-list?description=&description_strict=true matches the whole description', async () => {
    const loose = (await api.call('GET', '/suppression-list?domain=meadow.test&description=ask')).json();
    expect(loose.results.map((entry: { recipient: string }) => entry.recipient)).toContain(
      'quiet@meadow.test',
    );
    const strict = await api.call(
      'GET',
      '/suppression-list?domain=meadow.test&description=ask&description_strict=true',
    );
    expect(strict.json().results).toEqual([]);
  });

  it('GET /suppression-list with an invalid list_id: 400', async () => {
    expect((await api.call('GET', '/suppression-list?list_id=..digest')).statusCode).toBe(400);
  });

  it('GET /suppression-list/summary: 200 with counts per source and type', async () => {
    const body = expectResults(await api.call('GET', '/suppression-list/summary'), 200, [
      'spam_complaint',
      'list_unsubscribe',
      'bounce_rule',
      'unsubscribe_link',
      'manually_added',
      'compliance',
      'total',
    ]);
    expect(body.results.total).toBeGreaterThan(0);
  });
});
