import { describe, expect, it } from 'vitest';
import { databases, expectError, expectResults, useReferenceApi } from './reference-api.ts';

const saved = ['total_rejected_recipients', 'total_accepted_recipients', 'id', 'name'];
const rowers = [
  { address: { email: 'ada@rowing.test', name: 'Ada' }, tags: ['crew'], metadata: { seat: 3 } },
  { address: { email: 'bo@rowing.test' }, substitution_data: { boat: 'Swift' } },
];

describe.each(databases)('recipient lists as the reference documents them, on $name', (database) => {
  const api = useReferenceApi(database, 'conf-lists');
  const create = (id: string, recipients: unknown[] = rowers) =>
    api.call('POST', '/recipient-lists', { id, name: `List ${id}`, description: 'Rowers', recipients });
  const scheduleTo = (id: string) =>
    api.call('POST', '/transmissions', {
      options: { start_time: new Date(api.t.clock.now().getTime() + 86_400_000).toISOString() },
      recipients: { list_id: id },
      content: { from: 'coach@rowing.test', subject: 'Practice', text: 'See you' },
    });

  it('POST creates a list: 200 with the counts, id and name', async () => {
    const body = expectResults(await create('crew-a'), 200, saved);
    expect(body.results).toMatchObject({
      id: 'crew-a',
      total_accepted_recipients: 2,
      total_rejected_recipients: 0,
    });
  });

  it('POST with some invalid recipients keeps the valid ones: 200, the others counted as rejected', async () => {
    const body = expectResults(
      await create('crew-b', [...rowers, { address: 'not an address' }]),
      200,
      saved,
    );
    expect(body.results).toMatchObject({ total_accepted_recipients: 2, total_rejected_recipients: 1 });
  });

  it('POST without one valid recipient: 400, code 5002', async () => {
    expectError(await create('crew-empty', [{ address: 'nowhere' }]), 400, '5002');
  });

  it('POST an id in use: 400, code 5001', async () => {
    await create('crew-taken');
    expectError(await create('crew-taken'), 400, '5001');
  });

  it('POST malformed fields: 422, code 1300', async () => {
    const malformed = await api.call('POST', '/recipient-lists', { name: 42, recipients: rowers });
    expectError(malformed, 422, '1300');
  });

  it('GET a list: 200 with the list object, recipients with show_recipients=true', async () => {
    await create('crew-read');
    const keys = ['id', 'name', 'description', 'attributes', 'total_accepted_recipients'];
    const plain = expectResults(await api.call('GET', '/recipient-lists/crew-read'), 200, keys);
    expect(plain.results).not.toHaveProperty('recipients');
    const full = expectResults(
      await api.call('GET', '/recipient-lists/crew-read?show_recipients=true'),
      200,
      [...keys, 'recipients'],
    );
    expect(full.results.recipients).toHaveLength(2);
  });

  it('GET a list that does not exist: 404, code 1600', async () => {
    expectError(await api.call('GET', '/recipient-lists/no-such-list'), 404, '1600');
  });

  it('GET all lists: 200 with summaries', async () => {
    await create('crew-all');
    const body = expectResults(await api.call('GET', '/recipient-lists'), 200);
    expect(body.results).toContainEqual(
      expect.objectContaining({ id: 'crew-all', total_accepted_recipients: 2 }),
    );
  });

  it('PUT changes a list: 200 with the counts, id and name', async () => {
    await create('crew-put');
    const body = expectResults(
      await api.call('PUT', '/recipient-lists/crew-put', {
        name: 'Renamed crew',
        recipients: rowers.slice(0, 1),
      }),
      200,
      saved,
    );
    expect(body.results).toMatchObject({ name: 'Renamed crew', total_accepted_recipients: 1 });
  });

  it('PUT without a list id: 400, code 1101', async () => {
    expectError(await api.call('PUT', '/recipient-lists', { name: 'x', recipients: rowers }), 400, '1101');
  });

  it('PUT without one valid recipient: 400, code 5002', async () => {
    await create('crew-put-empty');
    const put = await api.call('PUT', '/recipient-lists/crew-put-empty', { recipients: [{ address: 'x' }] });
    expectError(put, 400, '5002');
  });

  it('PUT a list that does not exist: 404, code 1600', async () => {
    expectError(await api.call('PUT', '/recipient-lists/no-such-list', { name: 'x' }), 404, '1600');
  });

  it('PUT the recipients of a list a scheduled transmission will use: 409, code 1602', async () => {
    await create('crew-busy');
    await scheduleTo('crew-busy');
    expectError(await api.call('PUT', '/recipient-lists/crew-busy', { recipients: rowers }), 409, '1602');
  });

  it('PUT malformed fields: 422, code 1300', async () => {
    await create('crew-put-bad');
    expectError(await api.call('PUT', '/recipient-lists/crew-put-bad', { attributes: 'none' }), 422, '1300');
  });

  it('DELETE a list: 200 with an empty object', async () => {
    await create('crew-gone');
    const deleted = await api.call('DELETE', '/recipient-lists/crew-gone');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({});
  });

  it('DELETE without a list id: 400, code 1101', async () => {
    expectError(await api.call('DELETE', '/recipient-lists'), 400, '1101');
  });

  it('DELETE a list a scheduled transmission will use: 409, code 1602', async () => {
    await create('crew-busy-delete');
    await scheduleTo('crew-busy-delete');
    expectError(await api.call('DELETE', '/recipient-lists/crew-busy-delete'), 409, '1602');
  });
});
