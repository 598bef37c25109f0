import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messageEventSearchQuery, suppressionSearchQuery } from '@app/contract/engine/index';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';
import { databases } from '../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCall } from '../testing/engine.ts';
import { withoutTrailingSlash } from './engine-api.ts';

/** A built console, so that its catch-all file route is registered as in production. */
function builtConsole(): string {
  const dir = mkdtempSync(join(tmpdir(), 'console-'));
  writeFileSync(join(dir, 'index.html'), '<html><head></head><body>console</body></html>');
  return dir;
}

/** SparkPost's error shape, with no trace of the server's internals. */
function expectSparkpostError(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode).toBe(status);
  const body = response.json();
  expect(Object.keys(body)).toEqual(['errors']);
  expect(body.errors.length).toBeGreaterThan(0);
  for (const error of body.errors) {
    expect(error).toEqual({
      message: expect.any(String),
      code: expect.stringMatching(/^\d{4}$/),
      ...(error.description === undefined ? {} : { description: expect.any(String) }),
      // The subaccounts family names the input at fault and its value, as SparkPost's does.
      ...(error.param === undefined ? {} : { param: expect.any(String), value: expect.anything() }),
    });
  }
  expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  return body.errors as Array<{ message: string; code: string; description?: string }>;
}

const inline = { from: 'news@acme.test', subject: 'Hello', text: 'Hello' };
const transmission = (overrides: Record<string, unknown>) => ({
  recipients: [{ address: 'ann@example.test' }],
  content: inline,
  ...overrides,
});
const nul = 'a\u0000b';
const loneSurrogate = 'a\ud800b';

describe.each(databases)('engine API input on $name', (database) => {
  const t = useTestApp(database, { config: { consoleDir: builtConsole() } });
  let a: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'input-a');
  });

  const rowCounts = async () =>
    t.db.one<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM templates) AS templates,
              (SELECT count(*)::int FROM recipient_lists) AS lists,
              (SELECT count(*)::int FROM subaccounts) AS subaccounts,
              (SELECT count(*)::int FROM api_keys) AS keys,
              (SELECT count(*)::int FROM transmissions) AS transmissions,
              (SELECT count(*)::int FROM messages) AS messages,
              (SELECT count(*)::int FROM message_events) AS events,
              (SELECT count(*)::int FROM suppressions) AS suppressions`,
    );

  describe('every answer in SparkPost shape', () => {
    it('an unknown path, with or without a key and whatever the method, is a SparkPost 404', async () => {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
        const errors = expectSparkpostError(await engineCall(t.app, a, method, '/no-such-thing'), 404);
        expect(errors[0]).toMatchObject({ message: 'resource not found', code: '1600' });
      }
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
      expectSparkpostError(anonymous, 401);
    });

    it('a method a resource does not have is a SparkPost 405 naming the ones it has (e.g. PUT on transmissions)', async () => {
      const put = await engineCall(t.app, a, 'PUT', '/transmissions', {});
      expect(expectSparkpostError(put, 405)[0]?.description).toContain('PUT');
      expect(put.headers.allow).toBe('POST, GET, DELETE');
      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/templates/some-id',
        headers: { authorization: a.key },
      });
      expectSparkpostError(patch, 405);
      expect(String(patch.headers.allow).split(', ').sort()).toEqual(['DELETE', 'GET', 'PUT']);
    });

    it('strips trailing slashes from /api/v1 and /api/labs paths only, keeping the query, in one pass', () => {
      expect(withoutTrailingSlash('/api/v1/templates/')).toBe('/api/v1/templates');
      expect(withoutTrailingSlash('/api/v1/suppression-list///?a=b/')).toBe('/api/v1/suppression-list?a=b/');
      expect(withoutTrailingSlash('/api/labs/snippets/')).toBe('/api/labs/snippets');
      expect(withoutTrailingSlash('/api/v1/')).toBe('/api/v1/');
      expect(withoutTrailingSlash('/v1/users/')).toBe('/v1/users/');
      // A long run of slashes before another character (which a backtracking pattern took quadratic time over).
      const hostile = `/api/v1/x${'/'.repeat(20_000)}a`;
      expect(withoutTrailingSlash(hostile)).toBe(hostile);
      expect(withoutTrailingSlash(`/api/v1/x${'/'.repeat(20_000)}`)).toBe('/api/v1/x');
    });

    it('ignores a trailing slash, as SparkPost does, the bulk suppression PUT included', async () => {
      const listed = await engineCall(t.app, a, 'GET', '/templates/');
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual({ results: expect.any(Array) });
      const bulk = await engineCall(t.app, a, 'PUT', '/suppression-list/?', {
        recipients: [{ recipient: 'slash@example.test', type: 'transactional' }],
      });
      expect(bulk.statusCode).toBe(200);
      const one = await engineCall(t.app, a, 'GET', '/suppression-list/slash@example.test/');
      expect(one.json().results).toEqual([expect.objectContaining({ recipient: 'slash@example.test' })]);
      const sent = await engineCall(t.app, a, 'POST', '/transmissions/', transmission({}));
      expect(sent.statusCode).toBe(200);
      expect(sent.json().results.total_accepted_recipients).toBe(1);
    });

    it('malformed JSON, a body over the limit and an unknown content type fail in SparkPost shape', async () => {
      const post = (payload: string, contentType = 'application/json') =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/api-keys',
          headers: { authorization: a.key, 'content-type': contentType },
          payload,
        });
      expectSparkpostError(await post('{"label":'), 400);
      expectSparkpostError(await post(JSON.stringify({ label: 'x'.repeat(2 * 1024 * 1024) })), 413);
      expectSparkpostError(await post('label=x', 'application/x-www-form-urlencoded'), 415);
    });
  });

  describe('text PostgreSQL cannot store is refused at the schema, on every family', () => {
    const bad = [nul, loneSurrogate];
    const requests = (text: string): Array<[string, 'POST' | 'PUT' | 'GET', string, unknown]> => [
      ['name', 'POST', '/templates', { name: text, content: inline }],
      ['description', 'POST', '/templates', { description: text, content: inline }],
      ['substitution_data.k', 'POST', '/templates', { content: inline, substitution_data: { k: text } }],
      ['name', 'POST', '/recipient-lists', { name: text, recipients: [] }],
      ['attributes.k', 'POST', '/recipient-lists', { attributes: { k: text }, recipients: [] }],
      ['name', 'POST', '/subaccounts', { name: text, setup_api_key: false }],
      ['label', 'POST', '/api-keys', { label: text, grants: ['templates/view'] }],
      ['campaign_id', 'POST', '/transmissions', transmission({ campaign_id: text })],
      ['description', 'POST', '/transmissions', transmission({ description: text })],
      ['metadata.k', 'POST', '/transmissions', transmission({ metadata: { k: text } })],
      ['metadata', 'POST', '/transmissions', transmission({ metadata: { [text]: 1 } })],
      [
        'recipients.0.tags.0',
        'POST',
        '/transmissions',
        transmission({ recipients: [{ address: 'ann@example.test', tags: [text] }] }),
      ],
      ['content.text', 'POST', '/transmissions', transmission({ content: { ...inline, text } })],
      [
        'recipients.0.description',
        'PUT',
        '/suppression-list',
        { recipients: [{ recipient: 'x@example.test', type: 'transactional', description: text }] },
      ],
    ];

    // SparkPost's reference answers malformed input with 400 in these families, 422 elsewhere.
    const statusOf = (url: string) => (/^\/(subaccounts|suppression-list)\b/.test(url) ? 400 : 422);

    it('answers 422 (400 where the family does) naming the field, and writes nothing', async () => {
      const before = await rowCounts();
      for (const text of bad) {
        for (const [field, method, url, body] of requests(text)) {
          const response = await engineCall(t.app, a, method, url, body);
          const [error] = expectSparkpostError(response, statusOf(url));
          expect(error, `${method} ${url} ${field}`).toMatchObject({ code: '1300' });
          expect(error?.description, `${method} ${url}`).toMatch(
            new RegExp(`^${field.replace(/\./g, '\\.')}`),
          );
        }
      }
      expect(await rowCounts()).toEqual(before);
    });

    it('in every event-search and suppression-search filter', async () => {
      const filters = [
        ...Object.keys(messageEventSearchQuery.shape).map((name) => `/events/message?${name}=`),
        ...Object.keys(suppressionSearchQuery.shape).map((name) => `/suppression-list?${name}=`),
      ];
      for (const filter of filters) {
        const response = await engineCall(t.app, a, 'GET', `${filter}a%00b`);
        expect(response.statusCode, filter).toBe(statusOf(filter));
        expectSparkpostError(response, statusOf(filter));
      }
    });

    it('refuses JSON nested 5,000 deep, and nesting past the documented depth', async () => {
      const before = await rowCounts();
      const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
      const raw = (url: string, body: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1${url}`,
          headers: { authorization: a.key, 'content-type': 'application/json' },
          payload: body,
        });
      for (const levels of [5000, 32]) {
        const tx = await raw(
          '/transmissions',
          `{"metadata":${deep(levels)},"recipients":[{"address":"a@example.test"}],"content":${JSON.stringify(inline)}}`,
        );
        expect(expectSparkpostError(tx, 422)[0]?.description).toMatch(/^metadata\.a.*deeper than 32 levels/);
        const template = await raw(
          '/templates',
          `{"content":${JSON.stringify(inline)},"substitution_data":${deep(levels)}}`,
        );
        expectSparkpostError(template, 422);
      }
      expect(await rowCounts()).toEqual(before);
      const fine = await raw(
        '/transmissions',
        `{"metadata":${deep(20)},"recipients":[{"address":"a@example.test"}],"content":${JSON.stringify(inline)}}`,
      );
      expect(fine.statusCode).toBe(200);
    });
  });
});
