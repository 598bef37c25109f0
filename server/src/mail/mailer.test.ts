import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { testConfig } from '../testing/app.ts';
import { startTestDnsServer } from '../testing/dns-server.ts';
import { startSmtpReceiver } from '../testing/smtp-receiver.ts';
import { createMailer } from './mailer.ts';
import { confirmationMail, emailChangeMail, memberInvitationMail, passwordResetMail } from './templates.ts';

/** Deliver mode never touches the database. */
const noDatabase = {} as Db;

function mailerWith(config: Partial<Config>) {
  return createMailer(testConfig(config), noDatabase, pino({ level: 'silent' }));
}

describe('mailer', () => {
  it('delivers through the SMARTHOST in deliver mode, with its AUTH', async () => {
    const smarthost = await startSmtpReceiver({ auth: { user: 'relay', pass: 'secret' } });
    const mail = {
      mode: 'deliver' as const,
      from: 'no-reply@mail.test',
      smarthost: {
        host: '127.0.0.1',
        port: smarthost.port,
        tls: 'none' as const,
        auth: { user: 'relay', pass: 'secret' },
      },
    };
    await mailerWith({ mail }).send({
      to: 'someone@example.test',
      ...confirmationMail('http://x.test/validate?token=abc'),
    });
    await smarthost.close();
    expect(smarthost.logins).toEqual(['relay']);
    expect(smarthost.messages).toHaveLength(1);
    const raw = smarthost.messages[0]?.raw.toString() ?? '';
    expect(raw).toContain('Subject: Confirm your Mail Platform account');
    expect(raw).toContain('From: no-reply@mail.test');
    expect(raw).toMatch(/^Message-ID: </m);
  });

  it('delivers straight to the recipient domain’s MX without a SMARTHOST, and throws on a refusal', async () => {
    const mx = await startSmtpReceiver();
    mx.setRule('gone@example.test', { reply: { code: 550, enhanced: '5.1.1', text: 'No such user' } });
    const dns = await startTestDnsServer({
      'example.test': { MX: [{ exchange: 'mx.example.test', priority: 10 }] },
      'mx.example.test': { A: ['127.0.0.1'] },
    });
    const config = {
      mail: { mode: 'deliver' as const, from: 'no-reply@mail.test', smarthost: undefined },
      dnsServers: [dns.address],
      deliveryPort: mx.port,
    };
    const mailer = mailerWith(config);
    await mailer.send({ to: 'someone@example.test', ...passwordResetMail('http://x.test/reset') });
    await expect(
      mailer.send({ to: 'gone@example.test', ...passwordResetMail('http://x.test/reset') }),
    ).rejects.toThrow('mail to gone@example.test failed: 550 5.1.1 No such user');
    await Promise.all([mx.close(), dns.close()]);
    expect(mx.messages.map((received) => received.rcptTo)).toEqual([['someone@example.test']]);
    expect(mx.messages[0]?.mailFrom).toBe('no-reply@mail.test');
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
