import { beforeAll, describe, expect, it } from 'vitest';
import { databases, expectError, expectResults, useReferenceApi } from './reference-api.ts';

// Only the envelope (status codes, keys, error codes): the template language has its own tests.
const content = {
  from: 'club@kiln.test',
  subject: 'Hello {{member}}',
  html: '<p>Hi {{member}}</p>',
  text: 'Hi {{member}}',
};
const templateKeys = [
  'id',
  'name',
  'published',
  'has_draft',
  'has_published',
  'last_update_time',
  'options',
  'content',
];

describe.each(databases)('templates as the reference documents them, on $name', (database) => {
  const api = useReferenceApi(database, 'conf-templates');
  const create = (id: string, extra: Record<string, unknown> = {}) =>
    api.call('POST', '/templates', { id, name: `Template ${id}`, content, ...extra });

  beforeAll(async () => {
    await create('pottery-news', { published: true });
  });

  it('POST creates a template: 200 with results.id', async () => {
    const body = expectResults(await create('spring-class'), 200, ['id']);
    expect(body.results.id).toBe('spring-class');
  });

  it('POST an id in use: 409, code 1602', async () => {
    expectError(await create('pottery-news'), 409, '1602');
  });

  it('POST an RFC 822 template: 200', async () => {
    const raw = 'From: club@kiln.test\r\nSubject: Raw\r\n\r\nHi {{member}}\r\n';
    expectResults(
      await api.call('POST', '/templates', { id: 'raw-one', content: { email_rfc822: raw } }),
      200,
      ['id'],
    );
  });

  it('GET a template: 200 with the template object', async () => {
    const body = expectResults(await api.call('GET', '/templates/pottery-news'), 200, templateKeys);
    expect(body.results).toMatchObject({
      id: 'pottery-news',
      published: true,
      content: { subject: content.subject },
    });
  });

  it('GET ?draft=true of a template with a draft: 200, published false', async () => {
    await create('drafted');
    const body = expectResults(await api.call('GET', '/templates/drafted?draft=true'), 200, templateKeys);
    expect(body.results.published).toBe(false);
  });

  it('GET a template that does not exist: 404, code 1600', async () => {
    expectError(await api.call('GET', '/templates/no-such-template'), 404, '1600');
  });

  it('GET the list (also with a trailing slash): 200 with summaries', async () => {
    for (const url of ['/templates', '/templates/', '/templates?draft=false&shared_with_subaccounts=false']) {
      const body = expectResults(await api.call('GET', url), 200);
      expect(body.results.length, url).toBeGreaterThan(0);
      expect(body.results[0]).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          name: expect.any(String),
          published: expect.any(Boolean),
        }),
      );
    }
  });

  it('PUT updates the draft, publishes it, and updates the published version: 200 each', async () => {
    await create('lifecycle');
    const draft = await api.call('PUT', '/templates/lifecycle', {
      content: { ...content, subject: 'Second' },
    });
    expectResults(draft, 200, ['id']);
    expectResults(await api.call('PUT', '/templates/lifecycle', { published: true }), 200, ['id']);
    const published = await api.call('PUT', '/templates/lifecycle?update_published=true', {
      content: { ...content, subject: 'Third' },
    });
    expectResults(published, 200, ['id']);
    const shown = (await api.call('GET', '/templates/lifecycle')).json().results;
    expect(shown).toMatchObject({ published: true, content: { subject: 'Third' } });
  });

  it('PUT a template that does not exist: 404, code 1600', async () => {
    expectError(await api.call('PUT', '/templates/no-such-template', { name: 'x' }), 404, '1600');
  });

  it('POST /templates/{id}/preview: 200 with the rendered parts', async () => {
    const preview = await api.call('POST', '/templates/pottery-news/preview', {
      substitution_data: { member: 'Jo' },
    });
    const body = expectResults(preview, 200, ['from', 'subject', 'html', 'text']);
    expect(body.results).toMatchObject({ subject: 'Hello Jo', text: 'Hi Jo' });
  });

  it('POST /utils/content-previewer: 200 with the rendered parts of the content given', async () => {
    const preview = await api.call('POST', '/utils/content-previewer', {
      content: { subject: 'Kiln day for {{member}}', html: '<b>{{member}}</b>' },
      substitution_data: { member: 'Sam' },
    });
    expect(expectResults(preview, 200).results).toEqual({ subject: 'Kiln day for Sam', html: '<b>Sam</b>' });
  });

  it('POST /utils/content-previewer without content: 422, code 1400', async () => {
    expectError(await api.call('POST', '/utils/content-previewer', { substitution_data: {} }), 422, '1400');
  });

  it('DELETE a template: 200 with an empty object', async () => {
    await create('short-lived');
    const deleted = await api.call('DELETE', '/templates/short-lived');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({});
  });

  it('DELETE a template a scheduled transmission will use: 409, code 1602', async () => {
    await create('scheduled-use', { published: true });
    const start = new Date(api.t.clock.now().getTime() + 86_400_000).toISOString();
    await api.call('POST', '/transmissions', {
      options: { start_time: start },
      recipients: [{ address: 'member@kiln.test' }],
      content: { template_id: 'scheduled-use' },
    });
    expectError(await api.call('DELETE', '/templates/scheduled-use'), 409, '1602');
  });

  it('DELETE a template that does not exist: 404, code 1600', async () => {
    expectError(await api.call('DELETE', '/templates/no-such-template'), 404, '1600');
  });
});
