import { beforeAll, describe, expect, it } from 'vitest';
import { useCampaignTests } from '../../testing/campaigns.ts';
import { databases } from '../../testing/databases.ts';
import type { EngineAccount } from '../../testing/engine.ts';

describe.each(databases)("a campaign's audience on $name", (database) => {
  const { t, contact, label, readyOfA: ready, runner, messagesOf, accounts } = useCampaignTests(database);
  let a: EngineAccount;
  let b: EngineAccount;
  beforeAll(() => {
    ({ a, b } = accounts());
  });

  /** A segment of `a`'s contacts whose first name is `firstname`; its id. */
  const firstNameSegment = async (name: string, firstname: string): Promise<string> => {
    const made = await t.post('/v1/contacts/segment', a.token, {
      name,
      rules: {
        match: 'all',
        conditions: [{ kind: 'field', field: 'firstname', operator: 'is', value: firstname }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data.id;
  };

  it('counts each contact once across labels and segments, without the excluded and the unsubscribed', async () => {
    const ana = await contact(a, { email: 'ana@count.test', firstname: 'Ana' });
    const bo = await contact(a, { email: 'bo@count.test', firstname: 'Bo' });
    const cy = await contact(a, { email: 'cy@count.test', firstname: 'Cy' });
    const dee = await contact(a, { email: 'dee@count.test', firstname: 'Dee' });
    const gone = await contact(a, { email: 'gone@count.test', firstname: 'Gone' });
    expect((await t.post('/v1/contacts/unsubscribe', a.token, { email: 'gone@count.test' })).statusCode).toBe(
      200,
    );
    const first = await label(a, 'Count first', [ana, bo, gone]);
    const second = await label(a, 'Count second', [bo, cy, dee]);
    const excluded = await label(a, 'Count excluded', [dee]);
    const segment = await firstNameSegment('Count Ana', 'Ana');
    const made = await ready(first, {
      labels: [first, second],
      segments: [segment],
      excludedLabels: [excluded],
    });
    const counted = await t.post(`/v1/email-marketing/${made.id}/count-recipient`, a.token);
    expect(counted.statusCode, counted.body).toBe(200);
    // ana (label and segment), bo (both labels), cy; not dee (excluded), not gone (unsubscribed).
    expect(counted.json().data).toEqual({ count: 3 });
  });

  it('counts a label alone as its members who may be mailed, as they join, leave, unsubscribe or are deleted', async () => {
    const [ann, ben, cat, dan] = [
      await contact(a, { email: 'ann@alone.test' }),
      await contact(a, { email: 'ben@alone.test' }),
      await contact(a, { email: 'cat@alone.test' }),
      await contact(a, { email: 'dan@alone.test' }),
    ];
    const alone = await label(a, 'Alone', [ann, ben, cat, dan]);
    const made = await ready(alone);
    const count = async () =>
      (await t.post(`/v1/email-marketing/${made.id}/count-recipient`, a.token)).json().data.count;
    expect(await count()).toBe(4);
    await t.post('/v1/contacts/unsubscribe', a.token, { email: 'ben@alone.test' });
    expect(await count()).toBe(3);
    expect((await t.call('DELETE', `/v1/contacts/${cat}`, a.token)).statusCode).toBe(200);
    expect(await count()).toBe(2);
    await t.call('DELETE', `/v1/contacts/label/${alone}/members`, a.token, { contactIds: [dan, ben] });
    expect(await count()).toBe(1);
    await t.post('/v1/contacts/resubscribe', a.token, { email: 'ben@alone.test' });
    await t.post('/v1/contacts/unsubscribe', a.token, { email: 'dan@alone.test' });
    await t.post(`/v1/contacts/label/${alone}/members`, a.token, { contactIds: [ben, dan] });
    expect(await count()).toBe(2);
    // Another company cannot count it.
    expect((await t.post(`/v1/email-marketing/${made.id}/count-recipient`, b.token)).statusCode).toBe(404);
  });

  it('walks contacts created at one moment by their ids as numbers, so none is skipped at 99 → 100', async () => {
    const ids = ['99999998', '99999999', '100000000', '100000001'];
    const at = t.clock.now();
    for (const id of ids) {
      await t.db.query(
        `INSERT INTO contacts (id, company_id, email, firstname, source, fields, created_at, updated_at)
         OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, 'Same', 'test', '{}', $4, $4)`,
        [id, a.companyId, `c${id}@same-moment.test`, at],
      );
    }
    const made = await ready(await label(a, 'Same moment', ids));
    expect((await t.post(`/v1/email-marketing/${made.id}/send`, a.token, {})).statusCode).toBe(200);
    expect(await runner({ batchSize: 2 }).runDue()).toBe(1);
    expect(await messagesOf(a.companyId, made.id)).toEqual(ids.map((id) => `c${id}@same-moment.test`).sort());
  });

  it('keeps a segment or label a send needs from being deleted, and drops a deleted one from drafts', async () => {
    await contact(a, { email: 'zed@gone-segment.test', firstname: 'Zed' });
    const segmentId = await firstNameSegment('Zed only', 'Zed');
    const held = await label(a, 'Held label', []);
    const made = await ready(held, { name: 'Needs them', segments: [segmentId] });
    const draft = await ready(held, { name: 'Just a draft', segments: [segmentId] });
    expect(
      (await t.post(`/v1/email-marketing/${made.id}/send`, a.token, { schedule: '2099-01-01 10:00' }))
        .statusCode,
    ).toBe(200);
    for (const path of [`/v1/contacts/segment/${segmentId}`, `/v1/contacts/label/${held}`]) {
      const refused = await t.call('DELETE', path, a.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(
        /is used by campaigns that are scheduled or going out: Needs them\. Cancel them first$/,
      );
    }
    // Back to a draft, the campaign lets them go: each disappears from both drafts.
    expect((await t.post(`/v1/email-marketing/${made.id}/cancel-schedule`, a.token)).statusCode).toBe(200);
    expect((await t.call('DELETE', `/v1/contacts/segment/${segmentId}`, a.token)).statusCode).toBe(200);
    expect((await t.call('DELETE', `/v1/contacts/label/${held}`, a.token)).statusCode).toBe(200);
    for (const id of [made.id, draft.id]) {
      expect(await t.getData(`/v1/email-marketing/${id}`, a.token)).toMatchObject({
        labels: [],
        segments: [],
      });
    }
  });

  it('fails a send whose segment is gone when it starts, saying so, instead of retrying it for ever', async () => {
    await contact(a, { email: 'yan@gone-segment.test', firstname: 'Yan' });
    const segmentId = await firstNameSegment('Yan only', 'Yan');
    const made = await ready(await label(a, 'Gone segment', []), { labels: [], segments: [segmentId] });
    expect((await t.post(`/v1/email-marketing/${made.id}/send`, a.token, {})).statusCode).toBe(200);
    // Deleted behind the console's back (the API refuses it now): the send still ends, saying why.
    await t.db.query('DELETE FROM contact_segments WHERE id = $1', [segmentId]);
    expect(await runner().runDue()).toBe(1);
    expect(await t.getData(`/v1/email-marketing/${made.id}`, a.token)).toMatchObject({
      status: 'FAILED',
      error: 'Segment not found',
    });
  });
});
