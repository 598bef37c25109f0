import { parse } from 'csv-parse/sync';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createDnsResolver } from '../../dns/resolver.ts';
import { databases } from '../../testing/databases.ts';
import { engineCall } from '../../testing/engine.ts';
import { useRecipientValidation } from '../../testing/recipient-validation-suite.ts';
import { startWorkers } from '../../workers.ts';
import { createDomainCheck } from './domain-check.ts';
import { createListValidation } from './list-validation.ts';
import { createRecipientValidator } from './recipient-validator.ts';

describe.each(databases)('recipient validation on $name', (database) => {
  const { t, upload, call, state } = useRecipientValidation(database);

  it('validates an uploaded list once triggered, in slices, and gives the results as CSV', async () => {
    const { keyA, lists } = state();
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
    const { lists } = state();
    const csv = Array.from({ length: 600 }, (_, index) => `p${index}@acme.test`).join('\n');
    const job = (await upload(csv)).json().results;
    await call('POST', `/recipient-validation/trigger/${job.list_id}`);
    // A worker claims the first slice and dies before recording anything: the others find the
    // list claimed until the claim expires.
    expect(await t.engine.recipientValidationJobs.claimSlice(500, 60_000, 'dying', [])).toMatchObject({
      jobId: job.list_id,
    });
    expect(await lists.runDue()).toBe(0);
    t.clock.advance(60_001);
    expect(await lists.runDue()).toBe(500);
    expect(await lists.runDue()).toBe(100);
    expect((await call('GET', `/recipient-validation/job/${job.list_id}`)).json().results).toMatchObject({
      batch_status: 'success',
      addresses_validated: 600,
    });
  });

  it('takes a list at once from a process found dead, not when its claim expires', async () => {
    const { dns, lists } = state();
    const csv = Array.from({ length: 300 }, (_, index) => `d${index}@acme.test`).join('\n');
    const job = (await upload(csv)).json().results;
    await call('POST', `/recipient-validation/trigger/${job.list_id}`);
    expect(
      await t.engine.recipientValidationJobs.claimSlice(500, 60 * 60_000, 'dead-validator', []),
    ).toMatchObject({ jobId: job.list_id });
    expect(await lists.runDue()).toBe(0);
    const rescuer = createListValidation(
      t.engine.recipientValidationJobs,
      createRecipientValidator(createDomainCheck(createDnsResolver([dns.address]), t.clock)),
      { holder: { id: () => 'rescuer', deadHolders: () => ['dead-validator'], alive: () => true } },
    );
    expect(await rescuer.runDue()).toBe(300);
    expect((await call('GET', `/recipient-validation/job/${job.list_id}`)).json().results).toMatchObject({
      batch_status: 'success',
    });
  });

  it('is validated by the background workers once triggered', async () => {
    const { dns } = state();
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
    const { a, keyA } = state();
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

  it('writes uploaded cells a spreadsheet would run as formulas back with a leading quote', async () => {
    const { lists } = state();
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
});
