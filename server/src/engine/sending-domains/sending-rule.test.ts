import nodemailer from 'nodemailer';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCaller, subaccountWithKey } from '../../testing/engine.ts';
import { useTestRelays } from '../../testing/relay.ts';
import { addVerifiedSendingDomain } from '../../testing/sending-domains.ts';
import { createRelayService } from '../smtp-relay/relay-service.ts';
import { createSendingDomainStore } from './sending-domain-store.ts';

const invalidDomain = {
  errors: [
    { message: 'Invalid domain', description: 'Unconfigured or unverified sending domain.', code: '7001' },
  ],
};

describe.each(databases)('production sends only From a verified sending domain, on $name', (database) => {
  const t = useTestApp(database);
  const call = engineCaller(t);
  const startRelay = useTestRelays('all');
  let port: number;
  let a: EngineAccount;
  let sandboxed: EngineAccount;

  beforeAll(async () => {
    port = await startRelay(createRelayService(t.engine));
    a = await engineAccount(t.app, t.db, 'rule-a');
    sandboxed = await engineAccount(t.app, t.db, 'rule-sandbox', 'sandbox');
    await t.db.query(
      `INSERT INTO authorized_recipients (company_id, email, verified_at, created_at) VALUES ($1, 'me@example.test', now(), now())`,
      [sandboxed.companyId],
    );
  });

  const transmission = (from: string, to = 'someone@example.test') => ({
    recipients: [{ address: to }],
    content: { from, subject: 'Hello', text: 'Hello' },
  });

  const smtpSend = (key: string, from: string) =>
    nodemailer
      .createTransport({
        host: '127.0.0.1',
        port,
        secure: false,
        tls: { rejectUnauthorized: false },
        auth: { user: 'SMTP_Injection', pass: key },
      })
      .sendMail({ from, to: 'someone@example.test', subject: 'Hi', text: 'Hi' });

  it('refuses POST /transmissions From an unverified domain with 400 and code 7001, then accepts it once verified', async () => {
    const refused = await call(a, 'POST', '/transmissions', transmission('news@fresh.test'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(invalidDomain);
    // Nothing was stored.
    const stored = await t.db.query('SELECT 1 FROM transmissions WHERE company_id = $1', [a.companyId]);
    expect(stored).toEqual([]);

    // Registered but not verified: still refused; verified: accepted (the cache learns of the change).
    await call(a, 'POST', '/sending-domains', { domain: 'fresh.test' });
    expect((await call(a, 'POST', '/transmissions', transmission('news@fresh.test'))).statusCode).toBe(400);
    await t.engine.sendingDomains.setStatuses(a.companyId, 'fresh.test', { dkimStatus: 'valid' });
    const accepted = await call(a, 'POST', '/transmissions', transmission('News <news@FRESH.test>'));
    expect(accepted.statusCode, accepted.body).toBe(200);

    // Deleted: refused again.
    await call(a, 'DELETE', '/sending-domains/fresh.test');
    expect((await call(a, 'POST', '/transmissions', transmission('news@fresh.test'))).json()).toEqual(
      invalidDomain,
    );
  });

  it("learns of another process's change through NOTIFY: its cached answer does not outlive the change", async () => {
    const engineStore = t.engine.sendingDomains;
    // Another process's store on the same database.
    const elsewhere = createSendingDomainStore(t.db, t.clock);
    await elsewhere.create(a.companyId, 0, {
      domain: 'elsewhere.test',
      trackingDomain: undefined,
      sharedWithSubaccounts: false,
      dkim: {
        selector: 's',
        signingDomain: 'elsewhere.test',
        headers: 'from',
        publicKey: 'x',
        privateKeyPem: 'x',
      },
    });
    expect(await engineStore.sendingDomainVerified(a.companyId, 0, 'elsewhere.test')).toBe(false);
    await elsewhere.setStatuses(a.companyId, 'elsewhere.test', { dkimStatus: 'valid' });
    await vi.waitFor(async () => {
      expect(await engineStore.sendingDomainVerified(a.companyId, 0, 'elsewhere.test')).toBe(true);
    });
    expect((await call(a, 'POST', '/transmissions', transmission('x@elsewhere.test'))).statusCode).toBe(200);
  });

  it('refuses a From domain that substitution decides: once rendered it could be any domain', async () => {
    const refused = await call(a, 'POST', '/transmissions', {
      ...transmission('ceo@{{domain}}'),
      substitution_data: { domain: 'bank.test' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(invalidDomain);
    // Substitution in the local part is fine: the domain is known.
    const accepted = await call(a, 'POST', '/transmissions', {
      ...transmission('{{team}}@acme.test'),
      substitution_data: { team: 'news' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('checks the From of a stored template and of email_rfc822 content too', async () => {
    const template = await call(a, 'POST', '/templates', {
      id: 'unverified-from',
      published: true,
      content: { from: 'shop@template-unverified.test', subject: 'Hi', text: 'Hi' },
    });
    expect(template.statusCode, template.body).toBe(200);
    const fromTemplate = await call(a, 'POST', '/transmissions', {
      recipients: [{ address: 'someone@example.test' }],
      content: { template_id: 'unverified-from' },
    });
    expect(fromTemplate.json()).toEqual(invalidDomain);
    const rfc822 = await call(a, 'POST', '/transmissions', {
      recipients: [{ address: 'someone@example.test' }],
      content: { email_rfc822: 'From: x@rfc822-unverified.test\r\nSubject: Hi\r\n\r\nHi\r\n' },
    });
    expect(rfc822.json()).toEqual(invalidDomain);
  });

  it("lets a subaccount send From the master's shared domain and its own, not the master's unshared one", async () => {
    await addVerifiedSendingDomain(t.db, a.companyId, 'master-only.test', { shared: false });
    const sub = await subaccountWithKey(t.app, a, 'rule-sub');
    await addVerifiedSendingDomain(t.db, a.companyId, 'sub-own.test', { subaccountId: sub.id });
    expect(
      (await call(a, 'POST', '/transmissions', transmission('x@master-only.test'), sub.key)).json(),
    ).toEqual(invalidDomain);
    expect(
      (await call(a, 'POST', '/transmissions', transmission('x@sub-own.test'), sub.key)).statusCode,
    ).toBe(200);
    expect((await call(a, 'POST', '/transmissions', transmission('x@acme.test'), sub.key)).statusCode).toBe(
      200,
    );
    // The master cannot send From its subaccount's domain.
    expect((await call(a, 'POST', '/transmissions', transmission('x@sub-own.test'))).json()).toEqual(
      invalidDomain,
    );
  });

  it('does not check the sandbox', async () => {
    const sent = await call(
      sandboxed,
      'POST',
      '/transmissions',
      transmission('anyone@not-registered.test', 'me@example.test'),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const optedIn = await call(a, 'POST', '/transmissions', {
      ...transmission('anyone@not-registered.test'),
      options: { sandbox: true },
    });
    expect(optedIn.statusCode).not.toBe(400);
  });

  it('refuses the SMTP relay’s message From an unverified domain at the end of DATA with SparkPost’s text', async () => {
    const refused = await smtpSend(a.key, 'Shop <shop@smtp-unverified.test>').catch(
      (error: { responseCode: number; response: string }) => error,
    );
    expect(refused).toMatchObject({
      responseCode: 550,
      response: '550 5.7.1 Unconfigured Sending Domain <smtp-unverified.test>',
    });
    await addVerifiedSendingDomain(t.db, a.companyId, 'smtp-unverified.test');
    const accepted = await smtpSend(a.key, 'Shop <shop@smtp-unverified.test>');
    expect(accepted.response).toMatch(/^250 /);
  });

  it('lets the sandbox relay any From', async () => {
    const accepted = await smtpSend(sandboxed.key, 'x@not-registered.test').catch((error: unknown) => error);
    expect(accepted).not.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining('Unconfigured'),
    });
  });
});
