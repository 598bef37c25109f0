import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../../dns/resolver.ts';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dns-server.ts';
import { mailauthResolver } from '../../testing/mailauth-resolver.ts';
import { generateDkimKeys } from './dkim-keys.ts';
import { signMessage } from './dkim-sign.ts';
import { dkimRecordName, dkimRecordValue } from './dns-records.ts';

const message = Buffer.from(
  [
    'From: Shop <shop@signed.test>',
    'To: someone@example.test',
    'Subject: Your order',
    'Date: Tue, 24 Nov 2026 03:00:00 +0000',
    'Message-ID: <1@signed.test>',
    '',
    'Thanks for your order.',
    '',
  ].join('\r\n'),
);

describe('DKIM signing', () => {
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startTestDnsServer();
  });
  afterAll(async () => {
    await dns.close();
  });

  /** mailauth's verification, looking keys up through our resolver on the test DNS server. */
  async function verify(raw: Buffer) {
    const result = await dkimVerify(raw, { resolver: mailauthResolver(createDnsResolver([dns.address])) });
    return result.results[0];
  }

  it('signs with the domain key (rsa-sha256, relaxed/relaxed); mailauth verifies it against DNS, and a tampered body fails', async () => {
    const keys = await generateDkimKeys(2048);
    const key = { signingDomain: 'signed.test', selector: 'scph1126', privateKeyPem: keys.privateKeyPem };
    dns.set(dkimRecordName(key.selector, key.signingDomain), { TXT: [dkimRecordValue(keys.publicKey)] });

    const signed = await signMessage(message, key);
    const header =
      signed
        .toString()
        .split('\r\n\r\n')[0]
        ?.replace(/\r\n[ \t]+/g, ' ') ?? '';
    expect(header).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=signed\.test;/);
    expect(header).toMatch(/ s=scph1126;/);
    expect(signed.subarray(signed.length - message.length).equals(message)).toBe(true);
    const passed = await verify(signed);
    expect(passed?.status.result).toBe('pass');

    const tampered = Buffer.from(
      signed.toString().replace('Thanks for your order.', 'Send us your password.'),
    );
    const failed = await verify(tampered);
    // mailauth answers a body that no longer matches bh= as neutral, "body hash did not verify".
    expect(failed?.status).toMatchObject({ result: 'neutral', comment: 'body hash did not verify' });
    const forged = await verify(
      Buffer.from(signed.toString().replace('Subject: Your order', 'Subject: Urgent')),
    );
    expect(forged?.status.result).toBe('fail');
  });

  it('refuses to sign a message without a From header', async () => {
    const keys = await generateDkimKeys(1024);
    await expect(
      signMessage(Buffer.from('Subject: x\r\n\r\nbody\r\n'), {
        signingDomain: 'signed.test',
        selector: 's',
        privateKeyPem: keys.privateKeyPem,
      }),
    ).rejects.toThrow(/DKIM signing for signed.test failed/);
  });
});
