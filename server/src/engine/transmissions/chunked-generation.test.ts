import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databasesWithWorker } from '../../testing/databases.ts';
import {
  type EngineAccount,
  type EngineCallOptions,
  engineAccount,
  engineCall,
} from '../../testing/engine.ts';
import { chunkLimit, wholeLimit } from './chunked-generation.ts';

const recipientCount = wholeLimit.recipients + chunkLimit.recipients + 10;

const large = (overrides: Record<string, unknown> = {}) => ({
  campaign_id: 'large',
  recipients: Array.from({ length: recipientCount }, (_, index) => ({
    address: `r${index}@example.test`,
    substitution_data: { n: index },
  })),
  content: { from: 'news@acme.test', subject: 'No. {{n}}', text: 'Hello {{n}}' },
  ...overrides,
});

describe.each(databasesWithWorker)('a transmission larger than a chunk, on $name', (database) => {
  const t = useTestApp(database);
  let account: EngineAccount;

  beforeAll(async () => {
    account = await engineAccount(t.app, t.db, 'chunks');
    await t.db.query(`UPDATE subscriptions SET plan_id = 'UNLIMITED' WHERE company_id = $1`, [
      account.companyId,
    ]);
  });

  /** A large transmission scheduled an hour ahead; answers its id. */
  const scheduleLarge = async (options: EngineCallOptions = {}) => {
    const start = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = await engineCall(
      t.app,
      account,
      'POST',
      '/transmissions',
      large({ options: { start_time: start } }),
      options,
    );
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    return scheduled.json().results.id as string;
  };
  const stateOf = async (id: string) =>
    (await engineCall(t.app, account, 'GET', `/transmissions/${id}`)).json().results.transmission;
  const countsOf = (id: string) =>
    t.db.one<{ messages: number; distinct: number; injections: number }>(
      `SELECT (SELECT count(*)::int FROM messages WHERE transmission_id = $1) AS messages,
         (SELECT count(DISTINCT rcpt_to)::int FROM messages WHERE transmission_id = $1) AS distinct,
         (SELECT count(*)::int FROM message_events WHERE transmission_id = $1 AND type = 'injection') AS injections`,
      [id],
    );

  it('is accepted at once when due: its recipients queued in bulk, each once, composed by the delivery workers', async () => {
    const id = await scheduleLarge();
    t.clock.advance(3_600_000);
    expect(await t.engine.transmissions.runDue()).toBe(1);
    expect(await stateOf(id)).toMatchObject({
      state: 'Success',
      num_rcpts: recipientCount,
      num_generated: recipientCount,
    });
    // Injection events are written when a delivery worker composes each message (bulk-acceptance.test.ts).
    expect(await countsOf(id)).toEqual({ messages: recipientCount, distinct: recipientCount, injections: 0 });
  });

  it('resumes a generation a stopped process left behind, from where it stood, writing no message twice', async () => {
    const id = await scheduleLarge();
    // A process claimed it, committed its first chunk and died: the row says so, a chunk of messages exists.
    t.clock.advance(3_600_000);
    await t.db.query(
      `UPDATE transmissions SET state = 'Generating', generation_start_time = $2, recipients_done = $3,
         num_generated = $3 WHERE id = $1`,
      [id, t.clock.now(), chunkLimit.recipients],
    );
    expect(await t.engine.transmissions.runDue()).toBe(0);

    t.clock.advance(11 * 60_000);
    await t.engine.transmissions.releaseStale();
    expect(await t.engine.transmissions.runDue()).toBe(1);
    expect(await stateOf(id)).toMatchObject({ state: 'Success', num_generated: recipientCount });
    const counts = await countsOf(id);
    expect(counts.messages).toBe(recipientCount - chunkLimit.recipients);
    const first = await t.db.maybeOne('SELECT 1 FROM messages WHERE transmission_id = $1 AND rcpt_to = $2', [
      id,
      'r0@example.test',
    ]);
    expect(first).toBeUndefined();
  });

  it('leaves a generation a passing fault interrupts for a later run, failing no recipient', async () => {
    const id = await scheduleLarge();
    t.clock.advance(3_600_000);
    // The database fails the commit of its recipients.
    const { ingest } = t.engine.send;
    const write = ingest.write;
    ingest.write = () => Promise.reject(new Error('connection reset'));
    try {
      expect(await t.engine.transmissions.runDue()).toBe(1);
    } finally {
      ingest.write = write;
    }
    const stopped = await t.db.one<{ state: string; recipients_done: number; failures: number }>(
      `SELECT state, recipients_done,
         (SELECT count(*)::int FROM message_events WHERE transmission_id = $1 AND type = 'generation_failure') AS failures
       FROM transmissions WHERE id = $1`,
      [id],
    );
    expect(stopped).toEqual({ state: 'Generating', recipients_done: 0, failures: 0 });

    t.clock.advance(11 * 60_000);
    await t.engine.transmissions.releaseStale();
    expect(await t.engine.transmissions.runDue()).toBe(1);
    expect(await stateOf(id)).toMatchObject({ state: 'Success', num_generated: recipientCount });
    expect((await countsOf(id)).distinct).toBe(recipientCount);
  });

  it('fails the rest of its recipients when its subaccount is suspended before it resumes', async () => {
    const { subaccount_id: subaccount } = (
      await engineCall(t.app, account, 'POST', '/subaccounts', { name: 'Paused', setup_api_key: false })
    ).json().results;
    const id = await scheduleLarge({ subaccount });
    await engineCall(t.app, account, 'PUT', `/subaccounts/${subaccount}`, { status: 'suspended' });
    t.clock.advance(3_600_000);
    expect(await t.engine.transmissions.runDue()).toBe(1);
    const failures = await t.db.one<{ count: number }>(
      `SELECT count(*)::int AS count FROM message_events WHERE transmission_id = $1 AND type = 'generation_failure'`,
      [id],
    );
    expect(failures.count).toBe(recipientCount);
    const row = await t.db.one<{ state: string; num_failed_gen: number }>(
      'SELECT state, num_failed_gen FROM transmissions WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ state: 'Success', num_failed_gen: recipientCount });
  });
});
