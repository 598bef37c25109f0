import { abMessages } from '@app/contract/marketing/ab-test-words';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/app.ts';
import { campaignHelpers } from '../../../testing/campaigns.ts';
import { databases } from '../../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../../testing/engine.ts';
import { validatedSender } from '../../../testing/senders.ts';
import { createRecipientLinks } from '../recipient-pages/recipient-links.ts';

const html = `<html><body><p>Hi {{firstname}}</p>
<a href="https://acme.test/bye" data-msys-unsubscribe="1">Unsubscribe</a></body></html>`;

describe.each(databases)('A/B tests on $name', (database) => {
  const t = useTestApp(database);
  const { contact, label, runner } = campaignHelpers(t);
  let a: EngineAccount;
  let b: EngineAccount;
  let sender: string;
  let forty: string;

  /** A new A/B test of `a` to the label `labelId`, version B with its own subject. */
  const abTest = async (labelId: string, ab: object = {}) => {
    const made = await t.post('/v1/ab-test', a.token, {
      name: 'Subject test',
      subject: 'News for {{firstname}}',
      senderId: sender,
      labels: [labelId],
      content: { html },
      ab: {
        versions: [{ subject: 'Big news, {{firstname}}' }],
        testShare: 50,
        waitHours: 1,
        metric: 'clicks',
        ...ab,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data.id as string;
  };
  /** Each message of the campaign: to whom, with which subject. */
  const sentOf = async (id: string) => {
    await t.composeQueued();
    return t.db.query<{ rcpt_to: string; subject: string }>(
      `SELECT rcpt_to, subject FROM messages WHERE company_id = $1 AND campaign_id = $2 ORDER BY rcpt_to`,
      [a.companyId, `campaign-${id}`],
    );
  };

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'ab-tests');
    b = await engineAccount(t.app, t.db, 'ab-other');
    // §9's sample plan has A/B testing (10 a month); a new company's FREE plan has none.
    await t.accounts.companies.setPlan(t.db, a.companyId, 'PROFESSIONAL');
    sender = await validatedSender(t.db, a.companyId, 'news@acme.test');
    const ids: string[] = [];
    for (let n = 0; n < 40; n += 1)
      ids.push(await contact(a, { email: `p${n}@ab.test`, firstname: `P${n}` }));
    forty = await label(a, 'Forty', ids);
  });

  it("refuses settings that leave the winner nobody or test too few (§5, §8's words)", async () => {
    const post = (ab: object) =>
      t.post('/v1/ab-test', a.token, {
        name: 'Bad',
        ab: { versions: [{ subject: 'B' }], testShare: 20, waitHours: 4, metric: 'clicks', ...ab },
      });
    const zero = await post({ testShare: 100 });
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain(abMessages.winnerZero);
    expect((await post({ testShare: 60 })).body).toContain(abMessages.testShare);
    expect((await post({ versions: [] })).body).toContain('Add version B');
    expect((await post({ versions: [{}, {}, {}, {}] })).body).toContain('at most 4 versions');
    expect((await post({ metric: 'revenue' })).statusCode).toBe(400);

    // A new A/B test starts with a version B to fill in: the ready check says so.
    const fresh = await t.post('/v1/ab-test', a.token, { name: 'Fresh', subject: 'S', senderId: sender });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().data.ab).toEqual({ versions: [{}], testShare: 20, waitHours: 4, metric: 'clicks' });
    const ready = await t.getData(`/v1/ab-test/${fresh.json().data.id}/ready`, a.token);
    expect(ready.missing).toContain(abMessages.sameAsA);

    // Nine recipients are too few.
    const nine: string[] = [];
    for (let n = 0; n < 9; n += 1) nine.push(await contact(a, { email: `n${n}@few.test` }));
    const few = await abTest(await label(a, 'Nine', nine));
    const refused = await t.post(`/v1/ab-test/${few}/send`, a.token, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(abMessages.tooFewRecipients);
  });

  it('needs a plan with A/B testing', async () => {
    const senderB = await validatedSender(t.db, b.companyId, 'news@other.test');
    const ids: string[] = [];
    for (let n = 0; n < 10; n += 1) ids.push(await contact(b, { email: `q${n}@free.test` }));
    const made = await t.post('/v1/ab-test', b.token, {
      name: 'Free',
      subject: 'S',
      senderId: senderB,
      labels: [await label(b, 'Ten', ids)],
      content: { html },
      ab: { versions: [{ subject: 'T' }], testShare: 20, waitHours: 1, metric: 'clicks' },
    });
    const refused = await t.post(`/v1/ab-test/${made.json().data.id}/send`, b.token, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      payload: { feature: 'A/B testing', subfeature: 'abTestEmailLimit' },
    });
  });

  it('lists A/B tests apart from campaigns, and keeps them to their company', async () => {
    const id = await abTest(forty);
    const tests = await t.getData('/v1/ab-test?size=100', a.token);
    expect(tests.items.map((item: { id: string }) => item.id)).toContain(id);
    const campaigns = await t.getData('/v1/email-marketing?size=100', a.token);
    expect(campaigns.items.map((item: { id: string }) => item.id)).not.toContain(id);
    expect((await t.get(`/v1/ab-test/${id}/report`, b.token)).statusCode).toBe(404);
    expect((await t.post(`/v1/ab-test/${id}/pick-winner`, b.token, { version: 1 })).statusCode).toBe(404);
    const theirs = await t.getData('/v1/ab-test', b.token);
    expect(theirs.items.map((item: { id: string }) => item.id)).not.toContain(id);
  });

  it('tests the versions on the share, waits, then sends the winner by clicks to the rest, each contact once', async () => {
    const id = await abTest(forty);
    expect((await t.post(`/v1/ab-test/${id}/send`, a.token, {})).statusCode).toBe(200);
    expect(await runner().runDue()).toBe(1);

    // Half the audience got the test, the two versions in turn; the send now waits an hour.
    const test = await sentOf(id);
    expect(test).toHaveLength(20);
    expect(test.filter((one) => one.subject.startsWith('Big news'))).toHaveLength(10);
    const waiting = await t.getData(`/v1/ab-test/${id}`, a.token);
    expect(waiting.status).toBe('SCHEDULED');
    expect(waiting.abState).toMatchObject({ phase: 'waiting', winner: null });
    expect(Date.parse(waiting.abState.testEndsAt) - t.clock.now().getTime()).toBe(3_600_000);
    expect((await t.post(`/v1/ab-test/${id}/cancel-schedule`, a.token)).json().message).toBe(
      abMessages.started,
    );
    expect(await runner().runDue()).toBe(0);

    // Three of version B's readers click (as the report follower records it).
    await t.db.query(
      `UPDATE campaign_recipients SET clicked_at = now(), delivered_at = now()
       WHERE campaign_id = $1 AND contact_id IN (
         SELECT contact_id FROM campaign_recipients WHERE campaign_id = $1 AND version = 1 ORDER BY contact_id LIMIT 3)`,
      [id],
    );
    const report = await t.getData(`/v1/ab-test/${id}/report`, a.token);
    expect(report.versions).toEqual([
      expect.objectContaining({ version: 'A', subject: 'News for {{firstname}}', sent: 10, clicked: 0 }),
      expect.objectContaining({ version: 'B', subject: 'Big news, {{firstname}}', sent: 10, clicked: 3 }),
    ]);
    // 3 of 10 against none of 10 could be chance.
    expect(report.note).toBe(abMessages.tooSmall);

    t.clock.advance(3_600_000);
    expect(await runner().runDue()).toBe(1);
    const all = await sentOf(id);
    expect(all).toHaveLength(40);
    expect(new Set(all.map((one) => one.rcpt_to)).size).toBe(40);
    expect(all.filter((one) => one.subject.startsWith('Big news'))).toHaveLength(30);
    const done = await t.getData(`/v1/ab-test/${id}`, a.token);
    expect(done.status).toBe('SENT');
    expect(done.abState).toMatchObject({ phase: 'winner', winner: 1, pickedBy: 'metric' });

    // Each reader's view in the browser is the version it got: A in the test, the winner after it.
    const links = createRecipientLinks({ secret: t.secret, publicUrl: t.config.publicUrl });
    const titleOf = async (version: 'IS NULL' | '= 0') => {
      const { contact_id } = await t.db.one<{ contact_id: string }>(
        `SELECT contact_id::text FROM campaign_recipients WHERE campaign_id = $1 AND version ${version} LIMIT 1`,
        [id],
      );
      const view = await t.app.inject({
        method: 'GET',
        url: new URL(links.of({ campaignId: id, contactId: contact_id }).view_in_browser_url).pathname,
      });
      return /<title>([^<]*)<\/title>/.exec(view.body)?.[1] ?? '';
    };
    expect(await titleOf('= 0')).toMatch(/^News for P\d+$/);
    expect(await titleOf('IS NULL')).toMatch(/^Big news, P\d+$/);
  });

  it('sends the version picked by hand to the rest at once (§4 pick winner)', async () => {
    const id = await abTest(forty, { metric: 'opens', testShare: 10 });
    expect((await t.post(`/v1/ab-test/${id}/pick-winner`, a.token, { version: 1 })).statusCode).toBe(409);
    expect((await t.post(`/v1/ab-test/${id}/send`, a.token, {})).statusCode).toBe(200);
    expect(await runner().runDue()).toBe(1);
    expect(await sentOf(id)).toHaveLength(4);
    expect((await t.post(`/v1/ab-test/${id}/pick-winner`, a.token, { version: 2 })).statusCode).toBe(400);
    const picked = await t.post(`/v1/ab-test/${id}/pick-winner`, a.token, { version: 0 });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().data.state).toMatchObject({ phase: 'waiting', winner: 0, pickedBy: 'hand' });
    expect(await runner().runDue()).toBe(1);
    const all = await sentOf(id);
    expect(all).toHaveLength(40);
    expect(all.filter((one) => one.subject.startsWith('News for'))).toHaveLength(38);
    expect((await t.getData(`/v1/ab-test/${id}`, a.token)).abState).toMatchObject({
      phase: 'winner',
      winner: 0,
      pickedBy: 'hand',
    });
  });
});
