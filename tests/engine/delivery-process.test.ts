import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../../server/src/dns/resolver.ts';
import { startTestDnsServer, type TestDnsServer } from '../../server/src/testing/dns-server.ts';
import { mailauthResolver } from '../../server/src/testing/mailauth-resolver.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../server/src/testing/smtp-receiver.ts';
import { freePort } from '../support/ports.ts';
import { verifySendingDomain } from './sending-domain.ts';
import { type ServerProcess, serverProcess } from './server-process.ts';

const email = 'owner@deliver.example.test';

/**
 * The server as an operator runs it with MAIL_MODE=deliver: every role in one process, the operator
 * CLI preparing the account, mail delivered to the recipients' MX (found through DNS_SERVERS, on
 * DELIVERY_PORT), DKIM-signed with the verified domain's key, and the outcome searchable as events.
 */
describe('a server with MAIL_MODE=deliver', () => {
  let dns: TestDnsServer;
  let receiver: SmtpReceiver;
  let server: ServerProcess;
  let key = '';

  beforeAll(async () => {
    dns = await startTestDnsServer({
      'inbox.test': { MX: [{ exchange: 'mx.inbox.test', priority: 10 }] },
      'mx.inbox.test': { A: ['127.0.0.1'] },
    });
    receiver = await startSmtpReceiver({ starttls: true });
    server = await serverProcess({
      MAIL_MODE: 'deliver',
      DNS_SERVERS: dns.address,
      DELIVERY_PORT: String(receiver.port),
      MX_PORT: String(await freePort()),
      SMTP_HOSTNAME: 'mail.operator.test',
      DELIVERY_PRIVATE_NETWORKS: 'allow',
    });
    await server.start();
    await server.admin(
      'create-company',
      '--name',
      'Deliver',
      '--email',
      email,
      '--password',
      'Deliver-pass1',
    );
    await server.admin('set-environment', '--email', email, '--environment', 'production');
    key = (await server.admin('create-api-key', '--email', email, '--label', 'app')).at(-1) ?? '';
    await verifySendingDomain(server.origin, key, 'news.deliver.test', dns);
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
    await receiver?.close();
    await dns?.close();
  });

  it('delivers accepted mail to each recipient’s MX, signed, and reports the deliveries', async () => {
    const response = await fetch(`${server.origin}/api/v1/transmissions`, {
      method: 'POST',
      headers: { authorization: key, 'content-type': 'application/json' },
      body: JSON.stringify({
        recipients: [{ address: 'one@inbox.test' }, { address: 'two@inbox.test' }],
        content: {
          from: 'hello@news.deliver.test',
          subject: 'Delivered for real',
          text: 'It left the machine.',
        },
      }),
    });
    expect(response.status).toBe(200);
    await expect.poll(() => receiver.messages.length, { timeout: 20_000, interval: 100 }).toBe(2);
    for (const message of receiver.messages) {
      expect(message.mailFrom).toMatch(/^bounces-[0-9a-f]{32}-[0-9a-f]{12}@mail\.operator\.test$/);
      const verification = await dkimVerify(message.raw, {
        resolver: mailauthResolver(createDnsResolver([dns.address])),
      });
      expect(verification.results[0]?.status.result).toBe('pass');
    }
    await expect
      .poll(
        async () => {
          const events = await fetch(`${server.origin}/api/v1/events/message?events=delivery`, {
            headers: { authorization: key },
          });
          return ((await events.json()) as { total_count: number }).total_count;
        },
        { timeout: 70_000, interval: 1000 },
      )
      .toBe(2);
  }, 120_000);
});
