import { describe, expect, it } from 'vitest';
import type { EngineMethod } from '../../server/src/testing/engine.ts';
import { databases, expectError, expectResults, useReferenceApi } from './reference-api.ts';

const footer = { html: '<p>Sailing club, {{harbour}}</p>', text: 'Sailing club, {{harbour}}' };

describe.each(databases)('snippets as the reference documents them, on $name', (database) => {
  const api = useReferenceApi(database, 'conf-snippets');
  // The reference's path; the same routes answer under /api/v1 too.
  const labs = (method: EngineMethod, url: string, body?: unknown) =>
    api.call(method, url, body, { base: '/api/labs' });
  const create = (id: string) => labs('POST', '/snippets', { id, name: `Snippet ${id}`, content: footer });

  it('POST creates a snippet: 200 with results.id', async () => {
    expect(expectResults(await create('club-footer'), 200, ['id']).results.id).toBe('club-footer');
  });

  it('POST without content: 422, code 1400', async () => {
    expectError(await labs('POST', '/snippets', { id: 'empty-one' }), 422, '1400');
  });

  it('GET a snippet: 200 with id, name, content, created_at and updated_at', async () => {
    await create('club-header');
    const body = expectResults(await labs('GET', '/snippets/club-header'), 200, [
      'id',
      'name',
      'content',
      'created_at',
      'updated_at',
    ]);
    expect(body.results.content).toEqual(footer);
  });

  it('GET a snippet that does not exist: 404, code 1600', async () => {
    expectError(await labs('GET', '/snippets/no-such-snippet'), 404, '1600');
  });

  it('PUT changes only the content parts given; an empty part removes it: 200', async () => {
    await create('club-sign-off');
    const updated = await labs('PUT', '/snippets/club-sign-off', {
      content: { html: '', text: 'Fair winds' },
    });
    expect(updated.statusCode).toBe(200);
    const shown = (await labs('GET', '/snippets/club-sign-off')).json().results;
    expect(shown.content).toEqual({ text: 'Fair winds' });
  });

  it('PUT a snippet that does not exist: 404, code 1600', async () => {
    expectError(await labs('PUT', '/snippets/no-such-snippet', { name: 'x' }), 404, '1600');
  });

  it('DELETE a snippet: 204', async () => {
    await create('club-gone');
    const deleted = await labs('DELETE', '/snippets/club-gone');
    expect(deleted.statusCode).toBe(204);
    expect((await labs('GET', '/snippets/club-gone')).statusCode).toBe(404);
  });

  it('GET all snippets: 200 with summaries', async () => {
    await create('club-listed');
    const body = expectResults(await labs('GET', '/snippets?shared_with_subaccounts=false'), 200);
    expect(body.results).toContainEqual(
      expect.objectContaining({ id: 'club-listed', name: 'Snippet club-listed' }),
    );
  });

  it('the same snippets under /api/v1/snippets', async () => {
    await create('club-both');
    expect((await api.call('GET', '/snippets/club-both')).json().results.id).toBe('club-both');
  });

  it('an unknown /api/labs path: 404 in the errors shape, code 1600', async () => {
    expectError(await labs('GET', '/weather-forecast'), 404, '1600');
  });

  it('/api/labs without a key: 401, code 1000', async () => {
    expectError(
      await api.call('GET', '/snippets', undefined, { base: '/api/labs', authorization: 'nope' }),
      401,
      '1000',
    );
  });

  it('a trailing slash is ignored under /api/labs', async () => {
    expect((await labs('GET', '/snippets/')).statusCode).toBe(200);
  });
});
