import { beforeAll, describe, expect, it } from 'vitest';
import { marketingEngineOf } from '../../engine/interfaces.ts';
import { useTestApp } from '../../testing/app.ts';
import { campaignHelpers } from '../../testing/campaigns.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../testing/engine.ts';
import { testEvent } from '../../testing/events.ts';
import { validatedSender } from '../../testing/senders.ts';
import { createReportFollower } from '../campaigns/reports/report-follower.ts';

const html = '<p>Hi</p><a href="https://acme.test/bye" data-msys-unsubscribe="1">Unsubscribe</a>';

describe.each(databases)('Home statistics on $name', (database) => {
  const t = useTestApp(database);
  const { contact, label, campaign, runner } = campaignHelpers(t);
  let a: EngineAccount;
  let b: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'dashboard');
    b = await engineAccount(t.app, t.db, 'elsewhere');
  });

  it("sums the range's campaigns and their results, counts contacts, lists what went and what comes, and finds the peak hour in the team's zone", async () => {
    const empty = await t.getData('/v1/dashboard/stats', a.token);
    expect(empty).toMatchObject({
      days: 30,
      campaigns: { sent: 0, recipients: 0 },
      recent: [],
      scheduled: [],
      peak: null,
    });

    const ids = [];
    for (const name of ['amy', 'bob', 'cat']) ids.push(await contact(a, { email: `${name}@dash.test` }));
    const sender = await validatedSender(t.db, a.companyId, 'hi@acme.test');
    const listId = await label(a, 'Dash', ids);
    const ready = { subject: 'Hi', senderId: sender, labels: [listId], content: { html } };
    const sent = await campaign(a, { name: 'Went out', ...ready });
    expect((await t.post(`/v1/email-marketing/${sent.id}/send`, a.token, {})).statusCode).toBe(200);
    await runner().runDue();
    const later = await campaign(a, { name: 'Comes next', ...ready });
    expect(
      (await t.post(`/v1/email-marketing/${later.id}/send`, a.token, { schedule: '2099-01-02 09:00' }))
        .statusCode,
    ).toBe(200);

    // Two people open at 02:xx UTC (09:xx at +07:00), one at 05:xx UTC; one clicks.
    const at = (hour: number) => new Date(Date.UTC(2026, 10, 20, hour, 15));
    const engineId = `campaign-${sent.id}`;
    await t.db.transaction((tx) =>
      t.engine.events.insert(tx, [
        ...['amy', 'bob', 'cat'].map((name) =>
          testEvent(a.companyId, at(1), { rcptTo: `${name}@dash.test`, campaignId: engineId }),
        ),
        testEvent(a.companyId, at(2), { type: 'open', rcptTo: 'amy@dash.test', campaignId: engineId }),
        testEvent(a.companyId, at(2), { type: 'open', rcptTo: 'bob@dash.test', campaignId: engineId }),
        testEvent(a.companyId, at(5), { type: 'click', rcptTo: 'cat@dash.test', campaignId: engineId }),
      ]),
    );
    const follower = createReportFollower({ db: t.db, engine: marketingEngineOf(t.engine) });
    while ((await follower.runOnce()) > 0) {
      // until caught up
    }

    const stats = await t.getData('/v1/dashboard/stats?days=7', a.token);
    expect(stats).toMatchObject({
      days: 7,
      campaigns: { sent: 1, recipients: 3, delivered: 3, opened: 3, clicked: 1 },
      contacts: { total: 3, subscribed: 3, added: 3 },
      recent: [{ name: 'Went out', queued: 3, opened: 3, clicked: 1 }],
      scheduled: [{ name: 'Comes next', scheduledAt: '2099-01-02T02:00:00.000Z' }],
      peak: { hour: 9, opens: 2 },
    });
    // Another company's Home is its own; a range Home does not offer is refused.
    expect(await t.getData('/v1/dashboard/stats', b.token)).toMatchObject({
      campaigns: { sent: 0 },
      recent: [],
      peak: null,
    });
    expect((await t.call('GET', '/v1/dashboard/stats?days=365', a.token)).statusCode).toBe(400);
  });
});
