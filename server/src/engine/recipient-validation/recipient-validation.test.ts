import { parse } from 'csv-parse/sync';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDnsResolver } from '../../dns/resolver.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dns-server.ts';
import { type EngineAccount, engineAccount, engineCall, subaccountWithKey } from '../../testing/engine.ts';
import { startWorkers } from '../../workers.ts';
import { createDomainCheck } from './domain-check.ts';
import { createListValidation, type ListValidation } from './list-validation.ts';
import { createRecipientValidator } from './recipient-validator.ts';
import { createValidationJobStore, validationListKeptDays } from './validation-job-store.ts';

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

describe.each(databases)('recipient validation on $name', (database) => {
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

  it('answers a deliverable address as SparkPost does, with only the fields of that case', async () => {
    const answer = await single('jane@acme.test');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      results: {
        valid: true,
        result: 'valid',
        is_role: false,
        is_disposable: false,
        is_free: false,
        delivery_confidence: 85,
      },
    });
    expect((await single('someone@gmail.com')).json().results).toMatchObject({
      result: 'valid',
      is_free: true,
    });
    // A slash is a valid local-part character, sent %-encoded in the path.
    expect((await single('jane/sales@acme.test')).json().results).toMatchObject({ result: 'valid' });
  });

  it('finds a domain without mail undeliverable: null MX (RFC 7505) and no DNS at all', async () => {
    const undeliverable = {
      valid: false,
      result: 'undeliverable',
      reason: 'Invalid Domain',
      is_role: false,
      is_disposable: false,
      is_free: false,
      delivery_confidence: 0,
    };
    expect((await single('jane@nullmx.test')).json().results).toEqual(undeliverable);
    expect((await single('jane@nodns.test')).json().results).toEqual(undeliverable);
    // MX hosts without an address lead nowhere either.
    expect((await single('jane@nowhere.test')).json().results).toEqual(undeliverable);
    // No MX but an address: mail may still go there (implicit MX), less surely.
    expect((await single('jane@aonly.test')).json().results).toMatchObject({
      valid: true,
      result: 'neutral',
      delivery_confidence: 60,
    });
  });

  it('flags disposable, role and free addresses', async () => {
    expect((await single('throwaway@mailinator.com')).json().results).toMatchObject({
      valid: true,
      result: 'risky',
      is_disposable: true,
    });
    const role = (await single('sales@acme.test')).json().results;
    expect(role).toMatchObject({ valid: true, result: 'neutral', is_role: true, is_disposable: false });
    expect(role.delivery_confidence).toBeLessThan(85);
  });

  it('suggests the provider a misspelt domain that takes no mail stands for', async () => {
    const typo = (await single('jane@gmial.com')).json().results;
    expect(typo).toMatchObject({
      valid: false,
      result: 'typo',
      reason: 'Invalid Domain',
      is_role: false,
      is_disposable: false,
      did_you_mean: 'jane@gmail.com',
      delivery_confidence: 0,
    });
    expect((await single('user@gmial.com')).json().results.did_you_mean).toBe('user@gmail.com');
    // A domain that takes mail is taken as meant, however close to a provider's name.
    expect((await single('jane@acme.test')).json().results).not.toHaveProperty('did_you_mean');
  });

  it('validates an internationalized address against its punycode domain', async () => {
    expect((await single('用户@例子.测试')).json().results).toMatchObject({ valid: true, result: 'valid' });
    expect((await single('用户@例子.无此')).json().results).toMatchObject({
      result: 'undeliverable',
      reason: 'Invalid Domain',
    });
  });

  it('answers malformed input as Invalid Syntax, not as an error', async () => {
    for (const address of ['not-an-address', 'two@at@acme.test', '@acme.test', 'jane@', 'a..b@acme.test']) {
      const answer = await single(address);
      expect(answer.statusCode, address).toBe(200);
      expect(answer.json().results, address).toMatchObject({
        valid: false,
        result: 'undeliverable',
        reason: 'Invalid Syntax',
        delivery_confidence: 0,
      });
    }
  });

  it('needs the recipient-validation/manage grant', async () => {
    const refused = await single('jane@acme.test', a.key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].description).toBe(
      'this API key lacks the recipient-validation/manage grant',
    );
  });

  it('validates an uploaded list once triggered, in slices, and gives the results as CSV', async () => {
    const addresses = Array.from({ length: 1_200 }, (_, index) =>
      index % 3 === 0
        ? `user${index}@acme.test`
        : index % 3 === 1
          ? `user${index}@nodns.test`
          : `user${index}@gmial.com`,
    );
    const csv = `email\n${addresses.join('\n')}\n\nnot-an-address\n`;
    const uploaded = await upload(csv, keyA, { filename: 'customers.csv' });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const job = uploaded.json().results;
    expect(job).toMatchObject({
      original_filename: 'customers.csv',
      batch_status: 'queued_for_batch',
      complete: false,
      address_count: 1_201,
      addresses_validated: 0,
    });
    // Nothing is validated before the trigger.
    expect(await lists.runDue()).toBe(0);

    const triggered = await call('POST', `/recipient-validation/trigger/${job.list_id}`);
    expect(triggered.statusCode, triggered.body).toBe(200);
    expect(triggered.json().results).toMatchObject({ batch_status: 'validating' });
    const early = await call('GET', `/recipient-validation/job/${job.list_id}/results`);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].description).toBe(
      'The list is not validated yet (validating: 0 of 1201 addresses)',
    );

    expect(await lists.runDue()).toBe(500);
    expect((await call('GET', `/recipient-validation/job/${job.list_id}`)).json().results).toMatchObject({
      batch_status: 'validating',
      complete: false,
      addresses_validated: 500,
    });
    while ((await lists.runDue()) > 0) {
      // the rest of the slices
    }
    const done = (await call('GET', `/recipient-validation/job/${job.list_id}`)).json().results;
    expect(done).toMatchObject({
      batch_status: 'success',
      complete: true,
      address_count: 1_201,
      addresses_validated: 1_201,
      results_url: `/api/v1/recipient-validation/job/${job.list_id}/results`,
    });
    expect(done.complete_timestamp).toBeGreaterThanOrEqual(done.upload_timestamp);

    const results = await t.app.inject({
      method: 'GET',
      url: done.results_url,
      headers: { authorization: keyA },
    });
    expect(results.statusCode).toBe(200);
    expect(results.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(results.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1_201);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'email',
      'valid',
      'result',
      'reason',
      'is_role',
      'is_disposable',
      'is_free',
      'delivery_confidence',
      'did_you_mean',
    ]);
    expect(rows[0]).toEqual({
      email: 'user0@acme.test',
      valid: 'true',
      result: 'valid',
      reason: '',
      is_role: 'false',
      is_disposable: 'false',
      is_free: 'false',
      delivery_confidence: '85',
      did_you_mean: '',
    });
    expect(rows[1]).toMatchObject({
      email: 'user1@nodns.test',
      result: 'undeliverable',
      reason: 'Invalid Domain',
    });
    expect(rows[2]).toMatchObject({
      email: 'user2@gmial.com',
      result: 'typo',
      did_you_mean: 'user2@gmail.com',
    });
    expect(rows[1_200]).toMatchObject({
      email: 'not-an-address',
      result: 'undeliverable',
      reason: 'Invalid Syntax',
    });

    const listed = (await call('GET', '/recipient-validation/list')).json().results;
    expect(listed.map((one: { list_id: string }) => one.list_id)).toContain(job.list_id);
  });

  it('gives a list to one process at a time; a claim left by a process that died expires', async () => {
    const csv = Array.from({ length: 600 }, (_, index) => `p${index}@acme.test`).join('\n');
    const job = (await upload(csv)).json().results;
    await call('POST', `/recipient-validation/trigger/${job.list_id}`);
    // Two workers at once: one takes the slice, the other finds the list claimed.
    expect((await Promise.all([lists.runDue(), lists.runDue()])).toSorted()).toEqual([0, 500]);
    // A worker claims the rest and dies before recording anything.
    expect(await t.engine.recipientValidationJobs.claimSlice(500, 60_000)).toMatchObject({
      jobId: job.list_id,
    });
    expect(await lists.runDue()).toBe(0);
    t.clock.advance(60_001);
    expect(await lists.runDue()).toBe(100);
    expect((await call('GET', `/recipient-validation/job/${job.list_id}`)).json().results).toMatchObject({
      batch_status: 'success',
      addresses_validated: 600,
    });
  });

  it('is validated by the background workers once triggered', async () => {
    const job = (await upload('jane@acme.test\njoe@nodns.test\n')).json().results;
    await call('POST', `/recipient-validation/trigger/${job.list_id}`);
    const stop = startWorkers(t.db, t.engine, pino({ level: 'silent' }), {
      dns: createDnsResolver([dns.address]),
    });
    try {
      await vi.waitFor(
        async () => {
          const shown = (await call('GET', `/recipient-validation/job/${job.list_id}`)).json().results;
          expect(shown).toMatchObject({ batch_status: 'success', addresses_validated: 2 });
        },
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      await stop();
    }
  });

  it('refuses bad CSV, too many rows and too large a file, naming the fault and storing nothing', async () => {
    const before = (await call('GET', '/recipient-validation/list')).json().results.length;

    const unclosed = await upload('email\njane@acme.test\n"broken@acme.test\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().errors[0].description).toMatch(
      /^The file is not valid CSV: Quote Not Closed: .* at line 3/,
    );

    const nul = await upload('email\njane@acme.test\nbad\0@acme.test\n');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors[0].description).toBe('Line 3 holds a NUL character');

    const empty = await upload('email\n\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].description).toBe('The list holds no address: put one address on each row');

    const tooMany = await upload(
      Array.from({ length: 100_001 }, (_, index) => `u${index}@acme.test`).join('\n'),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].description).toBe(
      'The list has more than 100,000 addresses (the most one upload may hold); split it and upload each part',
    );

    const tooLarge = await upload(Buffer.from(`${'a'.repeat(2_999)}\n`.repeat(7_000)));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().errors[0].description).toBe(
      'The file is larger than 20 MB, the most one upload may be; split it and upload each part',
    );

    const notMultipart = await engineCall(
      t.app,
      a,
      'POST',
      '/recipient-validation/upload',
      { csv: 'x' },
      {
        authorization: keyA,
      },
    );
    expect(notMultipart.statusCode).toBe(400);

    expect((await call('GET', '/recipient-validation/list')).json().results).toHaveLength(before);
  });

  it("keeps each company's and each subaccount's lists to themselves", async () => {
    const mine = (await upload('jane@acme.test\n')).json().results;
    const other = keyB;
    for (const url of [
      `/recipient-validation/job/${mine.list_id}`,
      `/recipient-validation/job/${mine.list_id}/results`,
    ]) {
      const answer = await engineCall(t.app, b, 'GET', url, undefined, { authorization: other });
      expect(answer.statusCode, url).toBe(404);
    }
    const trigger = await engineCall(
      t.app,
      b,
      'POST',
      `/recipient-validation/trigger/${mine.list_id}`,
      undefined,
      {
        authorization: other,
      },
    );
    expect(trigger.statusCode).toBe(404);
    const theirs = (
      await engineCall(t.app, b, 'GET', '/recipient-validation/list', undefined, { authorization: other })
    ).json().results;
    expect(theirs).toEqual([]);
    // b's refusal started nothing.
    expect((await call('GET', `/recipient-validation/job/${mine.list_id}`)).json().results.batch_status).toBe(
      'queued_for_batch',
    );

    const first = await subaccountWithKey(t.app, a, 'validation-first');
    const second = await subaccountWithKey(t.app, a, 'validation-second');
    const ofFirst = (await upload('jane@acme.test\n', keyA, { subaccount: first.id })).json().results;
    expect(ofFirst.subaccount_id).toBe(first.id);
    expect(
      (await call('GET', `/recipient-validation/job/${ofFirst.list_id}`, keyA, second.id)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/recipient-validation/job/${ofFirst.list_id}`, keyA, first.id)).statusCode,
    ).toBe(200);
    const seenBySecond = (await call('GET', '/recipient-validation/list', keyA, second.id)).json().results;
    expect(seenBySecond).toEqual([]);
    // The master, acting for no subaccount, sees every account's lists.
    const seenByMaster = (await call('GET', '/recipient-validation/list')).json().results;
    expect(seenByMaster.map((one: { list_id: string }) => one.list_id)).toEqual(
      expect.arrayContaining([mine.list_id, ofFirst.list_id]),
    );
  });

  it('writes uploaded cells a spreadsheet would run as formulas back with a leading quote', async () => {
    const csv = '=1+1@evil.test\n+1@acme.test\n-2@acme.test\n@SUM(A1)\njane@acme.test\n';
    const job = (await upload(csv)).json().results;
    expect((await call('POST', `/recipient-validation/trigger/${job.list_id}`)).statusCode).toBe(200);
    while ((await lists.runDue()) > 0) {
      // every slice
    }
    const results = await call('GET', `/recipient-validation/job/${job.list_id}/results`);
    expect(results.statusCode, results.body).toBe(200);
    const rows = parse(results.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.email)).toEqual([
      "'=1+1@evil.test",
      "'+1@acme.test",
      "'-2@acme.test",
      "'@SUM(A1)",
      'jane@acme.test',
    ]);
  });

  it('purges exactly the lists uploaded before the cut-off, with all their addresses', async () => {
    const store = createValidationJobStore(t.db, t.clock);
    const owner = await engineAccount(t.app, t.db, 'validation-purge');
    const many = Array.from({ length: 12_001 }, (_, index) => `user${index}@acme.test`);
    const old = await store.create(owner.companyId, 0, 'old.csv', many);
    const older = await store.create(owner.companyId, 0, 'older.csv', ['jane@acme.test']);
    t.clock.advance(60_000);
    const cutOff = t.clock.now();
    const fresh = await store.create(owner.companyId, 0, 'fresh.csv', ['joe@acme.test', 'ann@acme.test']);
    if (old === 'tooMany' || older === 'tooMany' || fresh === 'tooMany') throw new Error('too many lists');

    const expired = async () =>
      (
        await t.db.one<{ count: number }>(
          'SELECT count(*)::int AS count FROM recipient_validation_jobs WHERE created_at < $1',
          [cutOff],
        )
      ).count;
    const due = await expired();
    expect(due).toBeGreaterThanOrEqual(2);
    expect(await store.purgeUploadedBefore(cutOff)).toBe(due);
    expect(await expired()).toBe(0);
    const left = await t.db.query<{ id: string; addresses: number }>(
      `SELECT j.id, (SELECT count(*)::int FROM recipient_validation_addresses a WHERE a.job_id = j.id) AS addresses
       FROM recipient_validation_jobs j WHERE j.company_id = $1`,
      [owner.companyId],
    );
    expect(left).toEqual([{ id: fresh.id, addresses: 2 }]);
    const orphans = await t.db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM recipient_validation_addresses WHERE job_id = ANY($1::uuid[])',
      [[old.id, older.id]],
    );
    expect(orphans.count).toBe(0);
  });

  it('answers 404 for an unknown list id in any form', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const answer = await call('GET', `/recipient-validation/job/${id}`);
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json().errors[0]).toMatchObject({ message: 'resource not found' });
    }
  });

  it('keeps a company to a number of lists, and forgets lists past their keeping time', async () => {
    const store = createValidationJobStore(t.db, t.clock, 1);
    const fresh = await engineAccount(t.app, t.db, 'validation-cap');
    const first = await store.create(fresh.companyId, 0, 'one.csv', ['jane@acme.test']);
    expect(first).toMatchObject({ addressCount: 1, status: 'queued_for_batch' });
    expect(await store.create(fresh.companyId, 0, 'two.csv', ['jane@acme.test'])).toBe('tooMany');

    const kept = (await upload('jane@acme.test\n')).json().results;
    t.clock.advance(validationListKeptDays * 24 * 60 * 60_000 + 1);
    const before = new Date(t.clock.now().getTime() - validationListKeptDays * 24 * 60 * 60_000);
    expect(await store.purgeUploadedBefore(before)).toBeGreaterThan(0);
    expect((await call('GET', `/recipient-validation/job/${kept.list_id}`)).statusCode).toBe(404);
  });
});
