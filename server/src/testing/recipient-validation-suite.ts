import { afterAll, beforeAll, expect } from 'vitest';
import { createDnsResolver } from '../dns/resolver.ts';
import { createDomainCheck } from '../engine/recipient-validation/domain-check.ts';
import { createListValidation, type ListValidation } from '../engine/recipient-validation/list-validation.ts';
import { createRecipientValidator } from '../engine/recipient-validation/recipient-validator.ts';
import { useTestApp } from './app.ts';
import type { TestDatabase } from './databases.ts';
import { startTestDnsServer, type TestDnsServer } from './dns-server.ts';
import { type EngineAccount, engineAccount, engineCall } from './engine.ts';

const mx = (host: string) => ({ MX: [{ exchange: host, priority: 10 }] });
const host = { A: ['192.0.2.25'] };

/** A multipart/form-data body holding `csv` as the one file, as a browser or curl -F sends it. */
function csvUpload(csv: string | Buffer, filename = 'list.csv') {
  const boundary = '----recipient-validation-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="myupload"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * An app for the recipient validation tests of the calling describe, on a DNS server that knows the
 * test domains, with two companies (`a`, `b`), keys of theirs holding recipient-validation/manage
 * (`keyA`, `keyB`), the list validation that runs the slices (`lists`), and the helpers that call
 * the API as `a`. `state()` gives `dns`, `a`, `b`, `keyA`, `keyB` and `lists`: call it inside hooks and
 * tests only.
 */
export function useRecipientValidation(database: TestDatabase) {
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startTestDnsServer({
      'acme.test': mx('mx.acme.test'),
      'gmail.com': mx('gmail-smtp-in.l.google.com'),
      'mailinator.com': mx('mail.mailinator.com'),
      'nullmx.test': { MX: [{ exchange: '.', priority: 0 }] },
      'aonly.test': { A: ['192.0.2.10'] },
      // 例子.测试 in A-labels: the domain an internationalized address is looked up under.
      'xn--fsqu00a.xn--0zwm56d': mx('mx.example.test'),
      'nowhere.test': mx('gone.nowhere.test'),
      'mx.acme.test': host,
      'gmail-smtp-in.l.google.com': host,
      'mail.mailinator.com': host,
      'mx.example.test': host,
    });
  });
  afterAll(async () => {
    await dns.close();
  });
  const t = useTestApp(database, () => ({ config: { dnsServers: [dns.address] } }));
  let a: EngineAccount;
  let b: EngineAccount;
  /** Keys holding recipient-validation/manage (the fixture key has every other grant). */
  let keyA: string;
  let keyB: string;
  let lists: ListValidation;

  async function validationKey(account: EngineAccount): Promise<string> {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { authorization: `Bearer ${account.token}` },
      payload: { label: 'validation', grants: ['recipient-validation/manage'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().results.key;
  }

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'validation-a');
    b = await engineAccount(t.app, t.db, 'validation-b');
    keyA = await validationKey(a);
    keyB = await validationKey(b);
    const validator = createRecipientValidator(createDomainCheck(createDnsResolver([dns.address]), t.clock));
    lists = createListValidation(t.engine.recipientValidationJobs, validator, { sliceSize: 500 });
  });

  const single = (address: string, key = keyA) =>
    engineCall(t.app, a, 'GET', `/recipient-validation/single/${encodeURIComponent(address)}`, undefined, {
      authorization: key,
    });
  const upload = (
    csv: string | Buffer,
    key = keyA,
    options: { subaccount?: number; filename?: string } = {},
  ) => {
    const { payload, contentType } = csvUpload(csv, options.filename);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/recipient-validation/upload',
      headers: {
        authorization: key,
        'content-type': contentType,
        ...(options.subaccount !== undefined ? { 'x-msys-subaccount': String(options.subaccount) } : {}),
      },
      payload,
    });
  };
  const call = (method: 'GET' | 'POST', url: string, key = keyA, subaccount?: number) =>
    engineCall(t.app, a, method, url, undefined, {
      authorization: key,
      ...(subaccount !== undefined ? { subaccount } : {}),
    });

  return {
    t,
    single,
    upload,
    call,
    state: () => ({ dns, a, b, keyA, keyB, lists }),
  };
}
