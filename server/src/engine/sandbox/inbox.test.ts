import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition } from '../../http/content-disposition.ts';
import { signUp, type TestAccount } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

interface Sent {
  subject: string;
  to: string;
  environment?: 'sandbox' | 'production';
  createdAt: Date;
}

const compose = (message: Sent) =>
  new MailComposer({
    from: { name: 'Acme Billing', address: 'billing@acme.example' },
    to: message.to,
    subject: message.subject,
    text: `Hello from ${message.subject}`,
    html: `<p>Hello from <b>${message.subject}</b></p><script>alert(1)</script>`,
    headers: { 'X-Campaign': 'welcome' },
    attachments: [{ filename: 'invoice.txt', contentType: 'text/plain', content: 'total: 10 EUR\n' }],
  })
    .compile()
    .build();

describe.each(databases)('sandbox inbox on $name', (database) => {
  const t = useTestApp(database);
  let a: TestAccount;
  let b: TestAccount;
  let companyA: string;
  let companyB: string;

  const insert = async (companyId: string, message: Sent) => {
    const id = randomUUID();
    const raw = await compose(message);
    await t.db.query(
      `INSERT INTO messages (id, company_id, environment, mail_from, rcpt_to, friendly_from, subject,
         message_id_header, raw, created_at)
       VALUES ($1, $2, $3, 'bounce@acme.example', $4, 'Acme Billing <billing@acme.example>', $5, $6, $7, $8)`,
      [
        id,
        companyId,
        message.environment ?? 'sandbox',
        message.to,
        message.subject,
        `<${id}@acme.example>`,
        raw,
        message.createdAt,
      ],
    );
    return { id, raw };
  };

  const at = (minute: number) => new Date(Date.UTC(2031, 2, 15, 10, minute));

  beforeAll(async () => {
    a = await signUp(t.app, t.db, 'alice', 'Company A');
    b = await signUp(t.app, t.db, 'bob', 'Company B');
    companyA = (await t.getData('/v1/company/detail', a.token)).id;
    companyB = (await t.getData('/v1/company/detail', b.token)).id;
  });

  it('lists the newest first with paging and searches subject and recipient', async () => {
    const c = await signUp(t.app, t.db, 'carol', 'Company C');
    const companyC = (await t.getData('/v1/company/detail', c.token)).id;
    await insert(companyC, { subject: 'Welcome aboard', to: 'ann@test.example', createdAt: at(1) });
    await insert(companyC, { subject: 'Your invoice 100%', to: 'bob@test.example', createdAt: at(2) });
    await insert(companyC, { subject: 'Password reset', to: 'cid@other.example', createdAt: at(3) });
    await insert(companyC, {
      subject: 'Production mail',
      to: 'ann@test.example',
      environment: 'production',
      createdAt: at(4),
    });

    const page = await t.getData('/v1/sandbox/messages?page=1&size=2', c.token);
    expect(page).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(page.items.map((item: { subject: string }) => item.subject)).toEqual([
      'Password reset',
      'Your invoice 100%',
    ]);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      from: 'Acme Billing <billing@acme.example>',
      to: 'cid@other.example',
      subject: 'Password reset',
      createdAt: at(3).toISOString(),
      size: expect.any(Number),
    });
    expect(page.items[0].size).toBeGreaterThan(500);
    const second = await t.getData('/v1/sandbox/messages?page=2&size=2', c.token);
    expect(second.items.map((item: { subject: string }) => item.subject)).toEqual(['Welcome aboard']);

    const search = async (text: string) =>
      (await t.getData(`/v1/sandbox/messages?search=${encodeURIComponent(text)}`, c.token)).items.map(
        (item: { subject: string }) => item.subject,
      );
    expect(await search('INVOICE')).toEqual(['Your invoice 100%']);
    expect(await search('test.example')).toEqual(['Your invoice 100%', 'Welcome aboard']);
    expect(await search('100%')).toEqual(['Your invoice 100%']);
    expect(await search('%')).toEqual(['Your invoice 100%']);
    expect(await search('production')).toEqual([]);

    const bad = await t.get('/v1/sandbox/messages?size=1000', c.token);
    expect(bad.json()).toMatchObject({ code: 'validation', payload: { field: 'size' } });
  });

  it('reads one message parsed: headers, html as sent, text and attachments', async () => {
    const { id } = await insert(companyA, {
      subject: 'Grüße aus Jakarta',
      to: 'tester@test.example',
      createdAt: at(5),
    });
    const response = await t.get(`/v1/sandbox/messages/${id}`, a.token);
    expect(response.statusCode).toBe(200);
    const message = response.json().data;
    expect(message).toMatchObject({
      id,
      from: 'Acme Billing <billing@acme.example>',
      to: 'tester@test.example',
      subject: 'Grüße aus Jakarta',
      createdAt: at(5).toISOString(),
      text: 'Hello from Grüße aus Jakarta',
      attachments: [{ filename: 'invoice.txt', contentType: 'text/plain', size: 14 }],
    });
    // Not sanitized here: the console runs it through DOMPurify.
    expect(message.html).toContain('<script>alert(1)</script>');
    expect(message.html).toContain('<b>Grüße aus Jakarta</b>');
    const header = (name: string) =>
      message.headers.find((candidate: { name: string }) => candidate.name.toLowerCase() === name)?.value;
    expect(header('subject')).toBe('Grüße aus Jakarta');
    expect(header('x-campaign')).toBe('welcome');
    expect(header('from')).toBe('Acme Billing <billing@acme.example>');
    expect(header('content-type')).toMatch(/^multipart\/mixed/);
  });

  it('downloads the raw source as text/plain', async () => {
    const { id, raw } = await insert(companyA, {
      subject: 'Raw source',
      to: 'raw@test.example',
      createdAt: at(6),
    });
    const response = await t.get(`/v1/sandbox/messages/${id}/raw`, a.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${id}.eml"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(raw)).toBe(true);
  });

  it('filters the list by transmission id', async () => {
    const e = await signUp(t.app, t.db, 'erin', 'Company E');
    const companyE = (await t.getData('/v1/company/detail', e.token)).id;
    const first = await insert(companyE, { subject: 'First', to: 'x@test.example', createdAt: at(1) });
    await insert(companyE, { subject: 'Second', to: 'x@test.example', createdAt: at(2) });
    // Transmission ids are random 62-bit numbers: up to 19 digits.
    await t.db.query('UPDATE messages SET transmission_id = 4611686018427387903 WHERE id = $1', [first.id]);

    const found = await t.getData('/v1/sandbox/messages?transmissionId=4611686018427387903', e.token);
    expect(found.items.map((item: { id: string }) => item.id)).toEqual([first.id]);
    expect((await t.getData('/v1/sandbox/messages?transmissionId=1', e.token)).total).toBe(0);
    // Another company's transmission id finds nothing of E's.
    expect((await t.getData('/v1/sandbox/messages?transmissionId=4611686018427387903', a.token)).total).toBe(
      0,
    );
    for (const bad of ['abc', '99999999999999999999', '9223372036854775808']) {
      const answer = await t.get(`/v1/sandbox/messages?transmissionId=${bad}`, e.token);
      expect(answer.json(), bad).toMatchObject({ code: 'validation', payload: { field: 'transmissionId' } });
    }
  });

  it('downloads one attachment by its position, as an attachment only', async () => {
    const { id } = await insert(companyA, { subject: 'With file', to: 'f@test.example', createdAt: at(9) });
    const response = await t.get(`/v1/sandbox/messages/${id}/attachments/0`, a.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoice.txt"; filename*=UTF-8''invoice.txt`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe('total: 10 EUR\n');

    const missing = await t.get(`/v1/sandbox/messages/${id}/attachments/1`, a.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'entityNotFound' });
    // Company B cannot read it.
    expect((await t.get(`/v1/sandbox/messages/${id}/attachments/0`, b.token)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/sandbox/messages/${id}/attachments/0` })).statusCode,
    ).toBe(401);
  });

  it('names a download in ASCII and UTF-8', () => {
    expect(contentDisposition('Rechnung März "1".pdf')).toBe(
      `attachment; filename="Rechnung M_rz _1_.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz%20%221%22.pdf`,
    );
  });

  it('deletes one message and empties the inbox, sandbox rows only', async () => {
    const d = await signUp(t.app, t.db, 'dave', 'Company D');
    const companyD = (await t.getData('/v1/company/detail', d.token)).id;
    const first = await insert(companyD, { subject: 'One', to: 'x@test.example', createdAt: at(1) });
    await insert(companyD, { subject: 'Two', to: 'x@test.example', createdAt: at(2) });
    await insert(companyD, { subject: 'Three', to: 'x@test.example', createdAt: at(3) });
    const production = await insert(companyD, {
      subject: 'Live',
      to: 'x@test.example',
      environment: 'production',
      createdAt: at(4),
    });

    expect((await t.call('DELETE', `/v1/sandbox/messages/${first.id}`, d.token)).json()).toEqual({
      data: true,
    });
    expect((await t.get(`/v1/sandbox/messages/${first.id}`, d.token)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/sandbox/messages/${first.id}`, d.token)).statusCode).toBe(404);
    // A production message is not in the sandbox inbox.
    expect((await t.call('DELETE', `/v1/sandbox/messages/${production.id}`, d.token)).statusCode).toBe(404);
    expect((await t.get(`/v1/sandbox/messages/${production.id}`, d.token)).statusCode).toBe(404);

    const emptied = await t.call('DELETE', '/v1/sandbox/messages', d.token);
    expect(emptied.json()).toEqual({ data: { deleted: 2 } });
    expect((await t.getData('/v1/sandbox/messages', d.token)).total).toBe(0);
    const left = await t.db.query('SELECT id FROM messages WHERE company_id = $1', [companyD]);
    expect(left).toEqual([{ id: production.id }]);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    const unknown = await t.get(`/v1/sandbox/messages/${randomUUID()}`, a.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'entityNotFound',
      message: 'Message not found in the sandbox inbox',
    });
    const malformed = await t.get('/v1/sandbox/messages/42', a.token);
    expect(malformed.json()).toMatchObject({ code: 'validation', payload: { field: 'id' } });
    expect((await t.app.inject({ method: 'GET', url: '/v1/sandbox/messages' })).statusCode).toBe(401);
  });

  it("keeps companies apart: B cannot list, read, download or delete A's messages", async () => {
    const ofA = await insert(companyA, { subject: 'Secret of A', to: 'a@test.example', createdAt: at(7) });
    await insert(companyB, { subject: 'Mail of B', to: 'b@test.example', createdAt: at(8) });

    const listOfB = await t.getData('/v1/sandbox/messages', b.token);
    expect(listOfB.items.map((item: { subject: string }) => item.subject)).toEqual(['Mail of B']);
    expect((await t.getData('/v1/sandbox/messages?search=Secret', b.token)).total).toBe(0);
    for (const url of [`/v1/sandbox/messages/${ofA.id}`, `/v1/sandbox/messages/${ofA.id}/raw`]) {
      expect((await t.get(url, b.token)).statusCode, url).toBe(404);
    }
    expect((await t.call('DELETE', `/v1/sandbox/messages/${ofA.id}`, b.token)).statusCode).toBe(404);
    expect((await t.call('DELETE', '/v1/sandbox/messages', b.token)).json().data.deleted).toBe(1);
    expect((await t.get(`/v1/sandbox/messages/${ofA.id}`, a.token)).statusCode).toBe(200);
  });
});
