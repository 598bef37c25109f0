import { campaignMissing, campaignRefusals } from '@app/contract/marketing/campaign-messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { setCompanyLimit } from '../../accounts/plans/plan-catalogue.ts';
import { campaignHtml, useCampaignTests } from '../../testing/campaigns.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../testing/engine.ts';
import { validatedSender } from '../../testing/senders.ts';

describe.each(databases)("a campaign send's limits and options on $name", (database) => {
  const {
    t,
    contact,
    label,
    campaign,
    readyOfA: ready,
    runner,
    messagesOf,
    accounts,
  } = useCampaignTests(database);
  let a: EngineAccount;
  let b: EngineAccount;
  beforeAll(() => {
    ({ a, b } = accounts());
  });

  it("keeps to a send rate: a minute's share at a time, resting between, each contact once", async () => {
    const ids: string[] = [];
    for (const name of ['ra', 'rb', 'rc', 'rd', 're'])
      ids.push(await contact(a, { email: `${name}@rate.test` }));
    const slow = await t.post('/v1/email-marketing', a.token, { name: 'Too slow', sendRate: 10 });
    expect(slow.statusCode).toBe(400);
    expect(slow.body).toContain('A send rate is 60 to 1000000 contacts an hour');
    // 120 an hour: 2 a minute.
    const made = await ready(await label(a, 'Rate', ids), { sendRate: 120 });
    expect((await t.post(`/v1/email-marketing/${made.id}/send`, a.token, {})).statusCode).toBe(200);
    const queued = async () => (await t.getData(`/v1/email-marketing/${made.id}`, a.token)).queued;
    expect(await runner().runDue()).toBe(1);
    expect(await queued()).toBe(2);
    // Resting: nothing more this minute.
    expect(await runner().runDue()).toBe(0);
    t.clock.advance(60_000);
    expect(await runner().runDue()).toBe(1);
    expect(await queued()).toBe(4);
    t.clock.advance(60_000);
    expect(await runner().runDue()).toBe(1);
    const done = await t.getData(`/v1/email-marketing/${made.id}`, a.token);
    expect(done).toMatchObject({ status: 'SENT', queued: 5, sendRate: 120 });
    expect(await messagesOf(a.companyId, made.id)).toHaveLength(5);
  });

  it("keeps to the plan's marketing emails a month: refused at Send, held mid-send, gone on once there is room", async () => {
    const c = await engineAccount(t.app, t.db, 'quota');
    const senderC = await validatedSender(t.db, c.companyId, 'news@acme.test');
    const ids: string[] = [];
    for (const name of ['qa', 'qb', 'qc', 'qd', 'qe'])
      ids.push(await contact(c, { email: `${name}@quota.test` }));
    const made = await campaign(c, {
      name: 'Quota',
      subject: 'S',
      senderId: senderC,
      labels: [await label(c, 'Quota', ids)],
      content: { html: campaignHtml },
    });
    await setCompanyLimit(t.db, c.companyId, 'marketingEmailLimit', 4);
    const refused = await t.post(`/v1/email-marketing/${made.id}/send`, c.token, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Quota of marketingEmailLimit on email marketing is exceeded');

    await setCompanyLimit(t.db, c.companyId, 'marketingEmailLimit', 5);
    expect((await t.post(`/v1/email-marketing/${made.id}/send`, c.token, {})).statusCode).toBe(200);
    // The limit drops while it waits for a worker: the second batch of 2 has no room.
    await setCompanyLimit(t.db, c.companyId, 'marketingEmailLimit', 3);
    expect(await runner({ batchSize: 2 }).runDue()).toBe(1);
    const held = await t.getData(`/v1/email-marketing/${made.id}`, c.token);
    expect(held, held.error).toMatchObject({ status: 'PAUSED', queued: 2 });
    expect(held.error).toBe('Quota of marketingEmailLimit on email marketing is exceeded');

    await setCompanyLimit(t.db, c.companyId, 'marketingEmailLimit', 100);
    expect((await t.post(`/v1/email-marketing/${made.id}/resume`, c.token)).statusCode).toBe(200);
    expect(await runner({ batchSize: 2 }).runDue()).toBe(1);
    expect(await t.getData(`/v1/email-marketing/${made.id}`, c.token)).toMatchObject({
      status: 'SENT',
      queued: 5,
    });
    expect(await messagesOf(c.companyId, made.id)).toHaveLength(5);
  });

  it("puts UTM parameters on the campaign's links while the team's autoLinkUtm is on (§3)", async () => {
    const on = await t.call('PATCH', '/v1/companies/settings', a.token, { autoLinkUtm: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.autoLinkUtm).toBe(true);
    expect((await t.getData('/v1/company/detail', b.token)).autoLinkUtm).toBe(false);
    expect(
      (await t.call('PATCH', '/v1/companies/settings', a.token, { autoLinkUtm: 'yes' })).statusCode,
    ).toBe(400);
    const made = await ready(await label(a, 'Utm', [await contact(a, { email: 'utm@test.test' })]), {
      name: 'UTM news',
      content: { html: campaignHtml.replace('<p>', '<p><a href="https://shop.test/sale?size=m">Sale</a>') },
    });
    const tested = await t.post(`/v1/email-marketing/${made.id}/send-test-v2`, a.token, {
      emails: ['utm-test@acme.test'],
    });
    expect(tested.statusCode, tested.body).toBe(200);
    await t.composeQueued();
    const row = await t.db.one<{ raw: Uint8Array }>(
      'SELECT raw FROM messages WHERE company_id = $1 AND rcpt_to = $2',
      [a.companyId, 'utm-test@acme.test'],
    );
    const sent = Buffer.from(row.raw)
      .toString()
      .replace(/=\r?\n/g, '')
      .replaceAll('=3D', '=');
    expect(sent).toContain(
      'https://shop.test/sale?size=m&amp;utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=UTM+news',
    );
    // The unsubscribe link stays as written.
    expect(sent).toContain('href="https://acme.test/bye"');
    expect(
      (await t.call('PATCH', '/v1/companies/settings', a.token, { autoLinkUtm: false })).statusCode,
    ).toBe(200);
  });

  it('refuses a send or a schedule past the end of the plan, and names the plan in the ready check', async () => {
    const id = await contact(a, { email: 'late@expiry.test', firstname: 'Late' });
    const made = await ready(await label(a, 'Expiry', [id]));
    const ends = new Date(t.clock.now().getTime() + 3 * 86_400_000);
    await t.db.query('UPDATE subscriptions SET expires_at = $2 WHERE company_id = $1', [a.companyId, ends]);
    try {
      const late = await t.post(`/v1/email-marketing/${made.id}/send`, a.token, {
        schedule: '2099-01-01 10:00',
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(campaignRefusals.packageExpired);
      expect((await t.getData(`/v1/email-marketing/${made.id}/ready`, a.token)).missing).toEqual([]);
      await t.db.query('UPDATE subscriptions SET expires_at = $2 WHERE company_id = $1', [
        a.companyId,
        new Date(t.clock.now().getTime() - 1000),
      ]);
      expect((await t.getData(`/v1/email-marketing/${made.id}/ready`, a.token)).missing).toEqual([
        campaignMissing.plan,
      ]);
      const now = await t.post(`/v1/email-marketing/${made.id}/send`, a.token, {});
      expect(now.json().message).toBe(campaignRefusals.packageExpired);
      expect((await t.getData(`/v1/email-marketing/${made.id}`, a.token)).status).toBe('DRAFT');
    } finally {
      await t.db.query('UPDATE subscriptions SET expires_at = NULL WHERE company_id = $1', [a.companyId]);
    }
  });
});
