import { beforeAll, describe, expect, it } from 'vitest';
import type { NewMessageEvent } from '../../../engine/events/message-event.ts';
import { marketingEngineOf } from '../../../engine/interfaces.ts';
import { useTestApp } from '../../../testing/app.ts';
import { campaignHelpers } from '../../../testing/campaigns.ts';
import { databases } from '../../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../../testing/engine.ts';
import { testEvent } from '../../../testing/events.ts';
import { validatedSender } from '../../../testing/senders.ts';
import { createReportFollower } from './report-follower.ts';

const html =
  '<p>Hi {{firstname}}</p><a href="https://acme.test/bye" data-msys-unsubscribe="1">Unsubscribe</a>';

describe.each(databases)('campaign reports on $name', (database) => {
  const t = useTestApp(database);
  const { contact, label, campaign, runner } = campaignHelpers(t);
  let a: EngineAccount;
  let b: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'reporter');
    b = await engineAccount(t.app, t.db, 'snoop');
  });

  const follow = async () => {
    const follower = createReportFollower({ db: t.db, engine: marketingEngineOf(t.engine) });
    while ((await follower.runOnce()) > 0) {
      // until caught up
    }
  };
  const insert = (events: NewMessageEvent[]) => t.db.transaction((tx) => t.engine.events.insert(tx, events));

  it('counts each recipient once per kind, machine opens apart, keeps test sends out, and lists each type', async () => {
    const emails = ['ann@report.test', 'ben@report.test', 'cid@report.test', 'dot@report.test'];
    const ids = [];
    for (const email of emails) ids.push(await contact(a, { email, firstname: email.slice(0, 3) }));
    const sender = await validatedSender(t.db, a.companyId, 'news@acme.test');
    const made = await campaign(a, {
      name: 'Report me',
      subject: 'Hello',
      senderId: sender,
      labels: [await label(a, 'Reported', ids)],
      content: { html },
    });
    expect((await t.post(`/v1/email-marketing/${made.id}/send`, a.token, {})).statusCode).toBe(200);
    expect(await runner().runDue()).toBe(1);
    expect(await t.getData(`/v1/email-marketing/${made.id}`, a.token)).toMatchObject({
      error: null,
      status: 'SENT',
      queued: 4,
    });

    const engineId = `campaign-${made.id}`;
    const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000);
    const event = (type: NewMessageEvent['type'], rcptTo: string, minutes: number, fields = {}) =>
      testEvent(a.companyId, at(minutes), { type, rcptTo, campaignId: engineId, fields });
    await insert([
      ...emails.slice(0, 3).map((email, index) => event('delivery', email, index)),
      event('bounce', 'dot@report.test', 1),
      event('open', 'ann@report.test', 5),
      event('open', 'ann@report.test', 6),
      event('open', 'ben@report.test', 7, { prefetched: true }),
      event('click', 'ann@report.test', 8, { target_link_url: 'https://shop.test/sale' }),
      event('click', 'ann@report.test', 8.5, { target_link_url: 'https://shop.test/sale' }),
      event('click', 'ann@report.test', 9, { target_link_url: 'https://shop.test/new' }),
      // A scanner following every link of Cid's mail clicked nothing.
      event('click', 'cid@report.test', 8, { prefetched: true, target_link_url: 'https://shop.test/sale' }),
      event('link_unsubscribe', 'ben@report.test', 9),
      event('spam_complaint', 'cid@report.test', 10),
      // A test send of the campaign and another campaign's mail count for nothing here.
      testEvent(a.companyId, at(11), {
        type: 'open',
        rcptTo: 'cid@report.test',
        campaignId: `${engineId}-test`,
      }),
      // Another company's mail to the same address, under the same campaign id, counts for nothing.
      testEvent(b.companyId, at(12), { type: 'open', rcptTo: 'cid@report.test', campaignId: engineId }),
    ]);
    await follow();
    // Followed again from the start (a second worker, an overlap): nothing is counted twice.
    await t.db.query("DELETE FROM marketing_sync_cursors WHERE name = 'campaign-reports'");
    await follow();

    expect(await t.getData(`/v1/email-marketing/reports/${made.id}`, a.token)).toEqual({
      sent: 4,
      delivered: 3,
      bounced: 1,
      opened: 1,
      machineOpened: 1,
      clicked: 1,
      unsubscribed: 1,
      complained: 1,
      notOpened: 2,
    });
    const list = async (type: string) =>
      (await t.getData(`/v1/email-marketing/reports/${made.id}/${type}`, a.token)).items.map(
        (item: { email: string }) => item.email,
      );
    expect(await list('delivered')).toEqual(['cid@report.test', 'ben@report.test', 'ann@report.test']);
    expect(await list('opened')).toEqual(['ann@report.test']);
    expect(await list('notopen')).toEqual(['cid@report.test', 'ben@report.test']);
    expect(await list('bounceback')).toEqual(['dot@report.test']);
    expect(await list('unsubscribed')).toEqual(['ben@report.test']);
    expect(await list('reportspam')).toEqual(['cid@report.test']);
    // Clicks per link: each click once, however often the events are read; people apart.
    expect((await t.getData(`/v1/email-marketing/reports/${made.id}/links`, a.token)).items).toEqual([
      { url: 'https://shop.test/sale', clicks: 2, people: 1 },
      { url: 'https://shop.test/new', clicks: 1, people: 1 },
    ]);
    expect((await t.call('GET', `/v1/email-marketing/reports/${made.id}/links`, b.token)).statusCode).toBe(
      404,
    );
    const paged = await t.getData(`/v1/email-marketing/reports/${made.id}/delivered?page=2&size=2`, a.token);
    expect(paged).toMatchObject({ total: 3, page: 2, size: 2, items: [{ email: 'ann@report.test' }] });

    // Another company sees none of it; a type §9 does not name is refused.
    expect((await t.call('GET', `/v1/email-marketing/reports/${made.id}`, b.token)).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/email-marketing/reports/${made.id}/opened`, b.token)).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', `/v1/email-marketing/reports/${made.id}/everyone`, a.token)).statusCode).toBe(
      400,
    );

    // The first 48 hours, hour by hour: Cid reads it two hours in.
    await insert([event('open', 'cid@report.test', 130)]);
    await follow();
    const timeline = await t.getData(`/v1/email-marketing/reports/${made.id}/timeline`, a.token);
    expect(timeline.hours).toHaveLength(48);
    expect(timeline.hours[0]).toEqual({ hour: 0, delivered: 3, opened: 1, clicked: 1 });
    expect(timeline.hours[2]).toEqual({ hour: 2, delivered: 0, opened: 1, clicked: 0 });
    expect(timeline.hours.slice(3).every((hour: { opened: number }) => hour.opened === 0)).toBe(true);
    expect((await t.call('GET', `/v1/email-marketing/reports/${made.id}/timeline`, b.token)).statusCode).toBe(
      404,
    );
  });
});
