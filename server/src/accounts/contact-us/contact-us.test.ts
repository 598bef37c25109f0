import { contactMessagesPerHour } from '@app/contract/schemas';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { signUp } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

const operator = 'support@operator.example';

const message = {
  name: 'Rina Wijaya',
  email: 'rina@acme.example',
  company: 'Acme Indonesia',
  phone: '+62 21 555 0101',
  message: 'We would like to send 2 million OTP emails a month. Can we talk?',
};

describe.each(databases)('contact us on $name', (database) => {
  const t = useTestApp(database, { config: { supportEmail: operator } });

  const mailsToOperator = () =>
    t.db.query<{ subject: string; text: string; html: string }>(
      'SELECT subject, text, html FROM captured_mail WHERE "to" = $1 ORDER BY created_at',
      [operator],
    );

  it('stores the message with the company and mails it to the operator', async () => {
    const { token } = await signUp(t.app, t.db, 'contact', 'Acme');
    const before = (await mailsToOperator()).length;

    const sent = await t.post('/v1/contact-us', token, { ...message, message: `  ${message.message}  ` });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({ ...message, mailed: true });

    const mails = await mailsToOperator();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe('Contact us: Rina Wijaya (Acme Indonesia)');
    expect(mail?.text).toContain(message.message);
    expect(mail?.text).toContain('Phone: +62 21 555 0101');

    const listed = await t.getData('/v1/contact-us', token);
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ ...message, mailed: true });
  });

  it('escapes what the user typed in the mail', async () => {
    const { token } = await signUp(t.app, t.db);
    await t.post('/v1/contact-us', token, {
      ...message,
      name: '<b>Eve</b>',
      message: '<script>x</script> hello there',
    });
    const mail = (await mailsToOperator()).at(-1);
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).toContain('&lt;script&gt;');
  });

  it('validates the message', async () => {
    const { token } = await signUp(t.app, t.db);
    const cases: [object, string][] = [
      [{ name: ' ' }, 'name'],
      [{ email: 'not-an-address' }, 'email'],
      [{ company: '' }, 'company'],
      [{ phone: 'call me' }, 'phone'],
      [{ message: 'short' }, 'message'],
      [{ message: 'x'.repeat(5001) }, 'message'],
      [{ companyId: '00000000-0000-0000-0000-000000000000' }, 'companyId'],
    ];
    for (const [body, field] of cases) {
      const response = await t.post('/v1/contact-us', token, { ...message, ...body });
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({ code: 'validation' });
    }
    expect((await t.getData('/v1/contact-us', token)).items).toHaveLength(0);

    const noPhone = await t.post('/v1/contact-us', token, { ...message, phone: '' });
    expect(noPhone.statusCode).toBe(201);
    const withoutPhoneField = { ...message } as Partial<typeof message>;
    delete withoutPhoneField.phone;
    expect((await t.post('/v1/contact-us', token, withoutPhoneField)).json().data.phone).toBe('');
  });

  it("keeps each company's messages to itself", async () => {
    const first = await signUp(t.app, t.db, 'first', 'First Co');
    const second = await signUp(t.app, t.db, 'second', 'Second Co');
    await t.post('/v1/contact-us', first.token, { ...message, company: 'First Co' });

    expect((await t.getData('/v1/contact-us', second.token)).items).toEqual([]);
    const [own] = (await t.getData('/v1/contact-us', first.token)).items;
    expect(own.company).toBe('First Co');
    const rows = await t.db.query<{ company_id: string; name: string }>(
      `SELECT m.company_id, c.name FROM contact_messages m JOIN companies c ON c.id = m.company_id
       WHERE m.id = $1`,
      [own.id],
    );
    expect(rows[0]?.name).toBe('First Co');
  });

  it(`allows ${contactMessagesPerHour} messages per user and hour`, async () => {
    const { token } = await signUp(t.app, t.db);
    const other = await signUp(t.app, t.db);
    for (let index = 0; index < contactMessagesPerHour; index += 1) {
      expect((await t.post('/v1/contact-us', token, message)).statusCode).toBe(201);
    }
    const refused = await t.post('/v1/contact-us', token, message);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'tooManyAttempts' });
    expect((await t.getData('/v1/contact-us', token)).items).toHaveLength(contactMessagesPerHour);

    // Another user is not held back, and an hour later the first one may write again.
    expect((await t.post('/v1/contact-us', other.token, message)).statusCode).toBe(201);
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await t.post('/v1/contact-us', token, message)).statusCode).toBe(201);
  });

  it('needs a login', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({
        method,
        url: '/v1/contact-us',
        payload: method === 'POST' ? message : undefined,
      });
      expect(response.statusCode, method).toBe(401);
    }
  });
});

describe('support address', () => {
  it('is SUPPORT_EMAIL, else MAIL_FROM', () => {
    expect(
      loadConfig({ SUPPORT_EMAIL: 'help@x.example', MAIL_FROM: 'no-reply@x.example' }).supportEmail,
    ).toBe('help@x.example');
    expect(loadConfig({ MAIL_FROM: 'no-reply@x.example' }).supportEmail).toBe('no-reply@x.example');
    expect(loadConfig({}).supportEmail).toBe('no-reply@127.0.0.1');
  });
});
