import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lastMailTo, linkIn, signUp, uniqueEmail } from '../../testing/accounts.ts';
import { testClock, useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

describe.each(databases)('sandbox welcome data on $name', (database) => {
  const t = useTestApp(database, {
    clock: testClock(new Date('2031-03-15T10:00:00Z')),
    config: { publicUrl: 'https://mail.example.com', smtpPort: 587 },
  });

  it('shows environment, recipients, quota, how to send, inbox counts and tour flags', async () => {
    const { token } = await signUp(t.app, t.db);
    const companyId = (await t.getData('/v1/company/detail', token)).id;
    const verified = uniqueEmail('verified');
    const pending = uniqueEmail('pending');
    await t.post('/v1/authorized-recipient', token, { emails: [verified, pending] });
    const id = linkIn((await lastMailTo(t.db, verified)).text)
      .pathname.split('/')
      .pop();
    await t.app.inject({ method: 'GET', url: `/v1/authorized-recipient/verify/${id}` });

    await t.db.query(
      `INSERT INTO usage_counters (company_id, feature, period_start, used, updated_at)
       VALUES ($1, 'sandbox', '2031-03-15T00:00:00Z', 7, '2031-03-15T09:00:00Z')`,
      [companyId],
    );
    const insert = (createdAt: string, environment = 'sandbox') =>
      t.db.query(
        `INSERT INTO messages (id, company_id, environment, mail_from, rcpt_to, message_id_header, raw, created_at)
         VALUES ($1, $2, $3, 'a@acme.example', $4, '<x@acme.example>', $5, $6)`,
        [randomUUID(), companyId, environment, verified, Buffer.from('Subject: hi\r\n\r\nhi\r\n'), createdAt],
      );
    await insert('2031-03-14T23:00:00Z');
    await insert('2031-03-15T08:00:00Z');
    await insert('2031-03-15T09:00:00Z', 'production');

    const data = await t.getData('/v1/on-boarding/sandbox-data', token);
    expect(data).toMatchObject({
      environment: 'sandbox',
      sandbox: true,
      productionReady: false,
      quota: {
        enabled: true,
        quota: 100,
        usage: 7,
        remaining: 93,
        periodStart: '2031-03-15T00:00:00.000Z',
        periodEnd: '2031-03-16T00:00:00.000Z',
      },
      sending: {
        apiBaseUrl: 'https://mail.example.com/api/v1',
        smtp: { host: 'mail.example.com', port: 587, username: 'SMTP_Injection', certificate: 'self-signed' },
      },
      messages: { total: 2, today: 1 },
      tour: { sandboxSetAuthorizedRecipient: true, sandboxEmailSent: false },
    });
    expect(data.authorizedRecipients.limit).toBe(10);
    expect(data.authorizedRecipients.verified).toBe(1);
    expect(
      data.authorizedRecipients.items.map((item: { email: string; verified: boolean }) => [
        item.email,
        item.verified,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [verified, true],
        [pending, false],
      ]),
    );
  });

  it('needs a login', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/on-boarding/sandbox-data' });
    expect(response.statusCode).toBe(401);
  });
});
