import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../mail/mailer.ts';
import { testConfig, useTestApp } from '../../testing/app.ts';
import { databases, defaultDatabase } from '../../testing/databases.ts';

describe.each(databases)('captured mail on $name', (database) => {
  const t = useTestApp(database);

  beforeAll(async () => {
    const mailer = createMailer(testConfig(), t.db, pino({ level: 'silent' }));
    for (const n of [1, 2, 3]) {
      await mailer.send({
        to: `r${n}@example.test`,
        subject: `Mail ${n}`,
        html: `<p>${n}</p>`,
        text: `${n}`,
      });
      // Distinct timestamps, so "newest first" is well defined.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  it('lists newest first, paged, without a login', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/v1/captured-mail?page=1&size=2' });
    expect(first.statusCode).toBe(200);
    const { data } = first.json();
    expect(data).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(data.items.map((item: { subject: string }) => item.subject)).toEqual(['Mail 3', 'Mail 2']);
    expect(data.items[0]).toEqual({
      id: expect.any(String),
      to: 'r3@example.test',
      from: 'no-reply@127.0.0.1',
      subject: 'Mail 3',
      createdAt: expect.any(String),
    });
    const second = (await t.app.inject({ method: 'GET', url: '/v1/captured-mail?page=2&size=2' })).json()
      .data;
    expect(second.items.map((item: { subject: string }) => item.subject)).toEqual(['Mail 1']);
  });

  it('validates the paging query', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/captured-mail?size=1000' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', payload: { field: 'size', value: '1000' } });
  });

  it('shows one mail with its bodies, and 404 for an unknown id', async () => {
    const [newest] = (await t.app.inject({ method: 'GET', url: '/v1/captured-mail' })).json().data.items;
    const detail = (await t.app.inject({ method: 'GET', url: `/v1/captured-mail/${newest.id}` })).json().data;
    expect(detail).toMatchObject({ subject: 'Mail 3', html: '<p>3</p>', text: '3' });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/v1/captured-mail/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('entityNotFound');
    expect((await t.app.inject({ method: 'GET', url: '/v1/captured-mail/nope' })).json().code).toBe(
      'validation',
    );
  });
});

describe('captured mail with MAIL_MODE=deliver', () => {
  const t = useTestApp(defaultDatabase, {
    config: { mail: { mode: 'deliver', from: 'a@b.test', smarthost: { host: '127.0.0.1', port: 1 } } },
  });

  it('answers 404 featureDisabled', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/captured-mail' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('featureDisabled');
  });
});
