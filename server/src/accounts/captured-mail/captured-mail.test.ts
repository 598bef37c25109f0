import { Writable } from 'node:stream';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../mail/mailer.ts';
import { auth, lastMailTo, signUp, type TestAccount } from '../../testing/accounts.ts';
import { testConfig, useTestApp } from '../../testing/app.ts';
import { databases, defaultDatabase } from '../../testing/databases.ts';

/** A logger whose lines the test reads: the operator link is printed at start. */
function recordingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

describe.each(databases)('captured mail on $name', (database) => {
  const log = recordingLogger();
  const t = useTestApp(database, { logger: log.logger });
  let key = '';
  let alice: TestAccount;
  let bob: TestAccount;

  const read = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

  beforeAll(async () => {
    const printed = log.lines.join('').match(/captured mail, every address: (\S+)"/);
    key = new URL(printed?.[1] ?? 'http://x/').searchParams.get('key') ?? '';
    alice = await signUp(t.app, t.db, 'alice', 'Alice Ltd');
    bob = await signUp(t.app, t.db, 'bob', 'Bob Ltd');
    // The takeover: Alice asks for Bob's password reset, then looks for the link in the viewer.
    await t.app.inject({ method: 'POST', url: '/v1/forget-password', payload: { email: bob.email } });
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

  it('is closed to strangers and to a wrong key', async () => {
    const anonymous = await read('/v1/captured-mail');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('loggedOut');
    // Refused before the query is validated.
    expect((await read('/v1/captured-mail?size=1000')).statusCode).toBe(401);
    const wrongKey = await read('/v1/captured-mail?key=guess');
    expect(wrongKey.statusCode).toBe(403);
    // The cause is what the console shows (§8: a notAllowed code shows its cause when there is one).
    const cause = 'This captured-mail link is not valid: open the one in the server log';
    expect(wrongKey.json()).toEqual({ code: 'notAllowed', message: cause, payload: { cause } });
  });

  it("shows a signed-in user only their own mail, never another company's reset link", async () => {
    const list = (await read('/v1/captured-mail?size=100', alice.token)).json().data;
    expect(list.scope).toBe('own');
    expect(list.items.map((item: { to: string }) => item.to)).toEqual([alice.email]);
    expect(list.total).toBe(1);

    const [bobsReset] = await t.db.query<{ id: string }>(
      'SELECT id FROM captured_mail WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1',
      [bob.email],
    );
    const opened = await read(`/v1/captured-mail/${bobsReset?.id}`, alice.token);
    expect(opened.statusCode).toBe(404);
    expect(opened.json().code).toBe('entityNotFound');

    const bobsOwn = (await read('/v1/captured-mail', bob.token)).json().data;
    expect(bobsOwn.items.map((item: { subject: string }) => item.subject)).toEqual([
      (await lastMailTo(t.db, bob.email)).subject,
      'Confirm your Mail Platform account',
    ]);
  });

  it('shows everything with the operator link printed at start, newest first, paged', async () => {
    expect(key).toHaveLength(32);
    const first = await read(`/v1/captured-mail?page=1&size=2&key=${key}`);
    expect(first.statusCode).toBe(200);
    const { data } = first.json();
    expect(data).toMatchObject({ total: 6, page: 1, size: 2, scope: 'all' });
    expect(data.items.map((item: { subject: string }) => item.subject)).toEqual(['Mail 3', 'Mail 2']);
    expect(data.items[0]).toEqual({
      id: expect.any(String),
      to: 'r3@example.test',
      from: 'no-reply@127.0.0.1',
      subject: 'Mail 3',
      createdAt: expect.any(String),
    });
    const second = (await read(`/v1/captured-mail?page=2&size=2&key=${key}`)).json().data;
    expect(second.items.map((item: { subject: string }) => item.subject)).toEqual([
      'Mail 1',
      'Reset your Mail Platform password',
    ]);
  });

  it('validates the paging query', async () => {
    const response = await read(`/v1/captured-mail?size=1000&key=${key}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', payload: { field: 'size', value: '1000' } });
  });

  it('shows one mail with its bodies, and 404 for an unknown id', async () => {
    const [newest] = (await read(`/v1/captured-mail?key=${key}`)).json().data.items;
    const detail = (await read(`/v1/captured-mail/${newest.id}?key=${key}`)).json().data;
    expect(detail).toMatchObject({ subject: 'Mail 3', html: '<p>3</p>', text: '3' });
    const missing = await read(`/v1/captured-mail/00000000-0000-4000-8000-000000000000?key=${key}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('entityNotFound');
    expect((await read(`/v1/captured-mail/nope?key=${key}`)).json().code).toBe('validation');
  });
});

describe('captured mail with MAIL_MODE=deliver', () => {
  const t = useTestApp(defaultDatabase, {
    config: { mail: { mode: 'deliver', from: 'a@b.test', smarthost: undefined } },
  });

  it('answers 404 featureDisabled', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/captured-mail' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('featureDisabled');
  });
});
