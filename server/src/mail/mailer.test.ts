import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { inMemory, openPglite } from '../db/pglite.ts';
import { testConfig } from '../testing/app.ts';
import { createMailer } from './mailer.ts';
import { confirmationMail, emailChangeMail, memberInvitationMail, passwordResetMail } from './templates.ts';

describe('mailer', () => {
  it('delivers through the SMARTHOST in deliver mode', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const db = await openPglite(inMemory);
    const mailer = createMailer(
      testConfig({
        mail: { mode: 'deliver', from: 'no-reply@mail.test', smarthost: { host: '127.0.0.1', port } },
      }),
      db,
      pino({ level: 'silent' }),
    );
    await mailer.send({
      to: 'someone@example.test',
      ...confirmationMail('http://x.test/validate?token=abc'),
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Confirm your Mail Platform account');
    expect(received[0]).toContain('From: no-reply@mail.test');
  });
});

describe('mail templates', () => {
  it('put the link in both parts and escape HTML', () => {
    const link = 'http://x.test/a?b=1&c=2';
    for (const mail of [
      confirmationMail(link),
      passwordResetMail(link),
      emailChangeMail(link),
      memberInvitationMail('<Acme>', 'Ada', link),
    ]) {
      expect(mail.text).toContain(link);
      expect(mail.html).toContain('http://x.test/a?b=1&amp;c=2');
      expect(mail.html).not.toContain('<Acme>');
    }
  });
});
