import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsPerDeleteSlice } from '../../db/delete-in-slices.ts';
import { auth } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databasesWithWorker } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCall } from '../../testing/engine.ts';
import { testEvent } from '../../testing/events.ts';
import { createEventStore, reasonScanRows, totalCountCap } from './event-store.ts';
import type { NewMessageEvent } from './message-event.ts';

interface EventPage {
  results: Array<Record<string, unknown>>;
  total_count: number;
  links: { next?: string };
}

const minute = 60_000;
const day = 86_400_000;

describe.each(databasesWithWorker)('message events on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;
  let subaccountId: number;
  let subaccountKey: string;
  let otherSubaccountId: number;

  const store = () => createEventStore(t.db);
  const event = (account: EngineAccount, overrides: Partial<NewMessageEvent> = {}): NewMessageEvent =>
    testEvent(account.companyId, new Date(t.clock.now().getTime() - minute), overrides);
  const insert = (events: NewMessageEvent[]) => t.db.transaction((tx) => store().insert(tx, events));
  const get = (account: EngineAccount, query: string, key?: string, subaccount?: number) =>
    engineCall(t.app, account, 'GET', `/events/message${query}`, undefined, {
      ...(key ? { authorization: key } : {}),
      ...(subaccount === undefined ? {} : { subaccount }),
    });
  const search = async (account: EngineAccount, query: string, key?: string, subaccount?: number) => {
    const response = await get(account, query, key, subaccount);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as EventPage;
  };
  /** Events of a campaign made for one test, so tests sharing the database do not see each other's. */
  const campaign = (name: string) => `?campaigns=${name}`;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'events-a');
    b = await engineAccount(t.app, t.db, 'events-b');
    const created = await engineCall(t.app, a, 'POST', '/subaccounts', {
      name: 'Shop',
      setup_api_key: true,
      key_label: 'shop',
      key_grants: ['message_events/view'],
    });
    subaccountId = created.json().results.subaccount_id;
    subaccountKey = created.json().results.key;
    otherSubaccountId = (
      await engineCall(t.app, a, 'POST', '/subaccounts', { name: 'Other', setup_api_key: false })
    ).json().results.subaccount_id;
  });

  it('serves events with SparkPost field names, the stored fields merged in, newest first', async () => {
    const now = t.clock.now().getTime();
    const messageId = randomUUID();
    await insert([
      event(a, {
        type: 'injection',
        timestamp: new Date(now - 3 * minute),
        campaignId: 'fields',
        messageId,
        rcptTo: 'Jane.Doe@Mail.Example',
        friendlyFrom: 'Shop <orders@Shop.Example>',
        fields: { msg_from: 'bounces@shop.example', rcpt_meta: { order: 'A-1' }, rcpt_tags: ['vip'] },
      }),
      event(a, {
        type: 'bounce',
        timestamp: new Date(now - 2 * minute),
        campaignId: 'fields',
        messageId,
        templateId: 'receipt',
        bounceClass: 10,
        reason: '550 5.1.1 user unknown',
        fields: { error_code: '550', type: 'not-overridden' },
      }),
    ]);
    const page = await search(a, campaign('fields'));
    expect(page.total_count).toBe(2);
    expect(page.links).toEqual({});
    const [bounce, injection] = page.results;
    expect(bounce).toMatchObject({
      type: 'bounce',
      message_id: messageId,
      template_id: 'receipt',
      bounce_class: '10',
      reason: '550 5.1.1 user unknown',
      error_code: '550',
      customer_id: a.companyId,
      subaccount_id: '0',
      timestamp: new Date(now - 2 * minute).toISOString(),
    });
    expect(injection).toMatchObject({
      type: 'injection',
      transmission_id: '1001',
      campaign_id: 'fields',
      rcpt_to: 'jane.doe@mail.example',
      recipient_domain: 'mail.example',
      friendly_from: 'Shop <orders@Shop.Example>',
      sending_domain: 'shop.example',
      subject: 'Your order',
      ip_pool: 'default',
      msg_from: 'bounces@shop.example',
      rcpt_meta: { order: 'A-1' },
      rcpt_tags: ['vip'],
    });
    expect(injection).not.toHaveProperty('bounce_class');
    expect(injection).not.toHaveProperty('reason');
    expect(Number(bounce?.event_id)).toBeGreaterThan(Number(injection?.event_id));
  });

  it('pages with a keyset cursor over more than two pages, total_count on each', async () => {
    const base = t.clock.now().getTime() - 10 * minute;
    // Pairs of events share a timestamp: the id breaks the tie.
    await insert(
      Array.from({ length: 8 }, (_, index) =>
        event(a, { campaignId: 'paging', timestamp: new Date(base + Math.floor(index / 2) * 1000) }),
      ),
    );
    const seen: Array<Record<string, unknown>> = [];
    let url: string | undefined = `/api/v1/events/message${campaign('paging')}&per_page=3`;
    let pages = 0;
    while (url) {
      const page = await search(a, url.replace('/api/v1/events/message', ''));
      expect(page.total_count).toBe(8);
      expect(page.results.length).toBeLessThanOrEqual(3);
      seen.push(...page.results);
      url = page.links.next;
      if (url) expect(url).toMatch(/^\/api\/v1\/events\/message\?.*cursor=/);
      pages += 1;
    }
    expect(pages).toBe(3);
    const ids = seen.map((item) => Number(item.event_id));
    expect(new Set(ids).size).toBe(8);
    const keys = seen.map((item) => [Date.parse(String(item.timestamp)), Number(item.event_id)] as const);
    for (let index = 1; index < keys.length; index += 1) {
      const [previousTs, previousId] = keys[index - 1] ?? [0, 0];
      const [ts, id] = keys[index] ?? [0, 0];
      expect(ts < previousTs || (ts === previousTs && id < previousId)).toBe(true);
    }
  });

  it('from is inclusive, to exclusive; the default window is the last 24 hours', async () => {
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);
    const edge = at(now - 2 * day);
    await insert([
      event(a, { campaignId: 'window', timestamp: edge, subject: 'at from' }),
      event(a, { campaignId: 'window', timestamp: new Date(edge.getTime() + 1000), subject: 'at to' }),
      event(a, { campaignId: 'window', timestamp: new Date(now - day + minute), subject: 'recent' }),
      event(a, { campaignId: 'window', timestamp: new Date(now - day - minute), subject: 'yesterday' }),
    ]);
    const from = encodeURIComponent(edge.toISOString());
    const to = encodeURIComponent(new Date(edge.getTime() + 1000).toISOString());
    const exact = await search(a, `${campaign('window')}&from=${from}&to=${to}`);
    expect(exact.results.map((item) => item.subject)).toEqual(['at from']);
    const defaults = await search(a, campaign('window'));
    expect(defaults.results.map((item) => item.subject)).toEqual(['recent']);
    const noZone = edge.toISOString().slice(0, 16);
    const minutes = await search(a, `${campaign('window')}&from=${noZone}&to=${to}`);
    expect(minutes.results.map((item) => item.subject)).toEqual(['at from']);
  });

  it('filters on every listed field', async () => {
    const messageId = randomUUID();
    await insert([
      event(a, {
        campaignId: 'filters',
        type: 'bounce',
        rcptTo: 'one@alpha.example',
        friendlyFrom: 'news@brand.example',
        subject: 'Weekly digest 12',
        templateId: 'digest',
        transmissionId: '77',
        messageId,
        ipPool: 'marketing',
        bounceClass: 10,
        reason: '550 Mailbox Unavailable',
      }),
      event(a, { campaignId: 'filters', type: 'delivery', rcptTo: 'two@beta.example' }),
      event(a, { campaignId: 'filters', type: 'open', rcptTo: 'three@beta.example' }),
    ]);
    const rcpts = async (query: string) =>
      (await search(a, `${campaign('filters')}&${query}`)).results.map((item) => item.rcpt_to).sort();
    expect(await rcpts('events=delivery,open')).toEqual(['three@beta.example', 'two@beta.example']);
    expect(await rcpts('recipients=ONE@alpha.example,nobody@x.example')).toEqual(['one@alpha.example']);
    expect(await rcpts('recipient_domains=be*')).toEqual(['three@beta.example', 'two@beta.example']);
    expect(await rcpts('from_addresses=news@brand.example')).toEqual(['one@alpha.example']);
    expect(await rcpts('sending_domains=brand.example')).toEqual(['one@alpha.example']);
    expect(await rcpts('subjects=Weekly*')).toEqual(['one@alpha.example']);
    expect(await rcpts('bounce_classes=10,25')).toEqual(['one@alpha.example']);
    expect(await rcpts('reasons=mailbox unavail')).toEqual(['one@alpha.example']);
    expect(await rcpts('templates=digest')).toEqual(['one@alpha.example']);
    expect(await rcpts('transmissions=77')).toEqual(['one@alpha.example']);
    expect(await rcpts(`messages=${messageId}`)).toEqual(['one@alpha.example']);
    expect(await rcpts('ip_pools=market*')).toEqual(['one@alpha.example']);
    expect((await search(a, '?campaigns=filt*,nomatch')).total_count).toBe(3);
    const eventId = (await search(a, `${campaign('filters')}&events=bounce`)).results[0]?.event_id;
    expect(await rcpts(`event_ids=${eventId}`)).toEqual(['one@alpha.example']);
    // delimiter separates the values instead of the comma, so a value may hold one.
    expect(await rcpts('delimiter=;&events=delivery;open')).toEqual([
      'three@beta.example',
      'two@beta.example',
    ]);
    expect(await rcpts('delimiter=;&subjects=Weekly digest 12,x;none')).toEqual([]);
    expect(await rcpts('delimiter=|&reasons=550 Mailbox|nothing')).toEqual(['one@alpha.example']);
  });

  it('filters on the fields events record without a column: sending ip, mailbox provider, A/B test', async () => {
    await insert([
      event(a, {
        campaignId: 'recorded-fields',
        rcptTo: 'tested@gamma.example',
        fields: {
          sending_ip: '203.0.113.7',
          mailbox_provider: 'Gmail',
          mailbox_provider_region: 'Global',
          ab_test_id: 'subject-lines',
          ab_test_version: '2',
        },
      }),
      event(a, { campaignId: 'recorded-fields', rcptTo: 'plain@gamma.example', fields: { sending_ip: '' } }),
    ]);
    const rcpts = async (query: string) =>
      (await search(a, `${campaign('recorded-fields')}&${query}`)).results.map((item) => item.rcpt_to);
    expect(await rcpts('sending_ips=203.0.113.7,2001:db8::1')).toEqual(['tested@gamma.example']);
    expect(await rcpts('sending_ips=198.51.100.1')).toEqual([]);
    expect(await rcpts('mailbox_providers=Gm*')).toEqual(['tested@gamma.example']);
    expect(await rcpts('mailbox_provider_regions=Global')).toEqual(['tested@gamma.example']);
    expect(await rcpts('ab_tests=subject-*')).toEqual(['tested@gamma.example']);
    expect(await rcpts('ab_tests=subject-lines&ab_test_versions=02')).toEqual(['tested@gamma.example']);
    expect(await rcpts('ab_tests=subject-lines&ab_test_versions=1')).toEqual([]);
  });

  it('rejects invalid filter values with 422 in the SparkPost shape', async () => {
    for (const query of [
      'events=deliveryy',
      'bounce_classes=hard',
      'messages=not-a-uuid',
      'transmissions=abc',
      'subaccounts=x',
      'event_ids=1.5',
      'sending_ips=mta-1',
      'ab_test_versions=1',
      'ab_tests=subject-lines&ab_test_versions=first',
      'per_page=0',
      'per_page=10001',
      'from=last-week',
      'from=2024-05-02T00:00:00Z&to=2024-05-01T00:00:00Z',
      'cursor=garbage',
    ]) {
      const response = await get(a, `?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors[0]).toMatchObject({ message: 'invalid data format/type', code: '1300' });
    }
    const unknownType = await get(a, '?events=delivery,deliveryy');
    expect(unknownType.json().errors[0].description).toContain('deliveryy');
  });

  it('searches ingest events: the documented filters are checked, and no batch has any', async () => {
    const ingest = (query: string) => engineCall(t.app, a, 'GET', `/events/ingest${query}`);
    for (const query of ['', '?events=success,error&retryable=false&per_page=10&batch_ids=b1']) {
      const found = await ingest(query);
      expect(found.statusCode, query).toBe(200);
      expect(found.json()).toEqual({ results: [], total_count: 0, links: {} });
    }
    for (const query of ['?events=bounce', '?from=soon', '?per_page=0', '?retryable=perhaps']) {
      const refused = await ingest(query);
      expect(refused.statusCode, query).toBe(422);
      expect(refused.json().errors[0].code).toBe('1300');
    }
  });

  it('keeps companies apart; a subaccount sees only its own; the master sees and filters all', async () => {
    await insert([
      event(a, { campaignId: 'tenancy', subject: 'master' }),
      event(a, { campaignId: 'tenancy', subject: 'sub', subaccountId }),
      event(a, { campaignId: 'tenancy', subject: 'other', subaccountId: otherSubaccountId }),
      event(b, { campaignId: 'tenancy', subject: 'company b' }),
    ]);
    const subjects = (page: EventPage) => page.results.map((item) => item.subject).sort();
    expect(subjects(await search(a, campaign('tenancy')))).toEqual(['master', 'other', 'sub']);
    expect(subjects(await search(a, `${campaign('tenancy')}&subaccounts=${subaccountId}`))).toEqual(['sub']);
    expect(subjects(await search(a, campaign('tenancy'), subaccountKey))).toEqual(['sub']);
    expect(
      subjects(await search(a, `${campaign('tenancy')}&subaccounts=${otherSubaccountId}`, subaccountKey)),
    ).toEqual([]);
    expect(subjects(await search(a, campaign('tenancy'), undefined, otherSubaccountId))).toEqual(['other']);
    expect(subjects(await search(b, campaign('tenancy')))).toEqual(['company b']);
    const [bEvent] = (await search(b, campaign('tenancy'))).results;
    expect((await search(a, `?event_ids=${bEvent?.event_id}`)).total_count).toBe(0);
  });

  it('refuses keys without message_events/view', async () => {
    const { key } = (
      await engineCall(t.app, a, 'POST', '/api-keys', { label: 'inject', grants: ['smtp/inject'] })
    ).json().results;
    const refused = await get(a, '', key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].description).toContain('message_events/view');
  });

  it('insert writes any number of events in one call', async () => {
    const many = Array.from({ length: 2300 }, (_, index) =>
      event(a, { campaignId: 'bulk', rcptTo: `r${index}@bulk.example` }),
    );
    await insert(many);
    const page = await search(a, `${campaign('bulk')}&per_page=10`);
    expect(page.total_count).toBe(2300);
    expect(page.results[0]?.recipient_domain).toBe('bulk.example');
  });

  it('counts total_count up to 10,000 matches and still pages past them by cursor', async () => {
    const base = t.clock.now().getTime() - 30 * minute;
    const many = Array.from({ length: totalCountCap + 5 }, (_, index) =>
      event(a, { campaignId: 'beyond-cap', timestamp: new Date(base + index) }),
    );
    await insert(many);
    const first = await search(a, `${campaign('beyond-cap')}&per_page=10000`);
    expect(first.total_count).toBe(totalCountCap);
    expect(first.results).toHaveLength(10_000);
    const rest = await search(a, first.links.next?.replace('/api/v1/events/message', '') ?? '');
    expect(rest.results).toHaveLength(5);
    expect(rest.links.next).toBeUndefined();
    const few = await search(
      a,
      `${campaign('beyond-cap')}&per_page=1&from=${new Date(base + 10_003).toISOString()}`,
    );
    expect(few.total_count).toBe(2);
  });

  it('looks for reasons among the newest 5,000 events with a reason; a narrower window reaches older ones', async () => {
    const base = t.clock.now().getTime() - 2 * day;
    const bounced = (index: number, reason: string) =>
      event(a, {
        type: 'bounce',
        campaignId: 'reasons-bound',
        rcptTo: `r${index}@bound.example`,
        timestamp: new Date(base + index * 1000),
        bounceClass: 10,
        reason,
      });
    await insert([
      bounced(0, '550 5.1.1 oldest unknown user'),
      ...Array.from({ length: reasonScanRows }, (_, index) => bounced(index + 1, '452 4.2.2 over quota')),
    ]);
    // The window holds only these events with a reason.
    const end = new Date(base + (reasonScanRows + 1) * 1000).toISOString();
    const query = `${campaign('reasons-bound')}&from=${new Date(base - 1000).toISOString()}&to=${end}`;
    expect((await search(a, `${query}&reasons=over quota&per_page=1`)).total_count).toBe(reasonScanRows);
    expect((await search(a, `${query}&reasons=oldest unknown`)).total_count).toBe(0);
    const narrow = await search(
      a,
      `${query.replace(end, new Date(base + 60_000).toISOString())}&reasons=oldest unknown`,
    );
    expect(narrow.results.map((item) => item.rcpt_to)).toEqual(['r0@bound.example']);
  });

  it('refreshes the planner statistics once the events have grown by a tenth', async () => {
    const counted = async () =>
      (
        await t.db.one<{ reltuples: number }>(
          "SELECT reltuples FROM pg_class WHERE oid = 'message_events'::regclass",
        )
      ).reltuples;
    await store().refreshStatistics(t.db);
    expect(await store().refreshStatistics(t.db)).toBe(false);
    const before = await counted();
    // Other tests' events share the table: grow it until it has grown by a tenth (and 100 pages).
    let inserted = 0;
    let refreshed = false;
    while (!refreshed && inserted < 100_000) {
      await insert(Array.from({ length: 2000 }, () => event(b, { campaignId: 'statistics' })));
      inserted += 2000;
      refreshed = await store().refreshStatistics(t.db);
    }
    expect(refreshed).toBe(true);
    expect(await counted()).toBeGreaterThan(before);
    expect(await store().refreshStatistics(t.db)).toBe(false);
  });

  it('insert takes part in the caller transaction', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await store().insert(tx, [event(a, { campaignId: 'rolled-back' })]);
        throw new Error('group commit failed');
      }),
    ).rejects.toThrow('group commit failed');
    expect((await search(a, campaign('rolled-back'))).total_count).toBe(0);
  });

  it('gives insert listeners every written event with its id, in the order written, in the transaction', async () => {
    const listened = store();
    const seen: Array<{ id: string; rcptTo: string; recipientDomain: string; inTx: boolean }> = [];
    listened.onInsert(async (tx, events) => {
      for (const item of events) seen.push({ ...item, inTx: tx !== t.db });
    });
    const rows = ['x@one.example', 'y@two.example', 'z@three.example'].map((rcptTo) =>
      event(a, { campaignId: 'listened', rcptTo }),
    );
    await t.db.transaction((tx) => listened.insert(tx, rows));
    expect(seen.map((item) => item.recipientDomain)).toEqual(['one.example', 'two.example', 'three.example']);
    expect(seen.every((item) => item.inTx)).toBe(true);
    const stored = (await search(a, campaign('listened'))).results;
    const idOf = new Map(stored.map((item) => [item.rcpt_to, item.event_id]));
    expect(seen.map((item) => idOf.get(item.rcptTo))).toEqual(seen.map((item) => item.id));
  });

  it('serves one sample per requested type, all types by default, and per-type field documentation', async () => {
    const some = await get(a, '/samples?events=bounce,click');
    expect(some.statusCode).toBe(200);
    const [bounce, click] = some.json().results;
    expect(bounce).toMatchObject({
      type: 'bounce',
      bounce_class: expect.any(String),
      reason: expect.any(String),
    });
    expect(click).toMatchObject({ type: 'click', target_link_url: expect.stringMatching(/^https:/) });
    expect(click).not.toHaveProperty('bounce_class');
    const all = (await get(a, '/samples')).json().results;
    expect(all.map((item: { type: string }) => item.type)).toContain('policy_rejection');
    expect(all.length).toBeGreaterThanOrEqual(14);
    expect((await get(a, '/samples?events=bogus')).statusCode).toBe(422);

    const documentation = await get(a, '/documentation');
    expect(documentation.statusCode).toBe(200);
    const docs = documentation.json().results as Array<Record<string, { description: string }>>;
    expect(docs).toHaveLength(all.length);
    const bounceDocs = docs.find(
      (fields) => (fields.type as { sampleValue?: string }).sampleValue === 'bounce',
    );
    expect(bounceDocs?.bounce_class?.description).toMatch(/classification/i);
    expect(bounceDocs?.rcpt_to?.description).toBeTruthy();
  });

  it("purgeExpired deletes what is older than each company's retention", async () => {
    const c = await engineAccount(t.app, t.db, 'purge-c');
    const d = await engineAccount(t.app, t.db, 'purge-d');
    const short = await t.app.inject({
      method: 'PUT',
      url: '/v1/settings/event-retention',
      headers: auth(d.token),
      payload: { days: 5 },
    });
    expect(short.json()).toEqual({ data: { days: 5 } });
    const now = t.clock.now().getTime();
    const aged = (account: EngineAccount, days: number) =>
      event(account, { campaignId: 'purge', timestamp: new Date(now - days * day), subject: `${days}` });
    // More expired events than two delete slices hold, older ones interleaved by time.
    const expired = Array.from({ length: 2 * rowsPerDeleteSlice + 7 }, (_, index) =>
      aged(index % 2 === 0 ? c : d, 40 + (index % 5)),
    );
    await insert([aged(c, 1), aged(c, 10), aged(c, 40), aged(d, 1), aged(d, 10), aged(d, 40), ...expired]);

    const purged = await store().purgeExpired(t.db, new Date(now));
    expect(purged).toBe(3 + expired.length);
    const left = async (account: EngineAccount) =>
      (
        await t.db.query<{ subject: string }>(
          'SELECT subject FROM message_events WHERE company_id = $1 ORDER BY ts DESC',
          [account.companyId],
        )
      ).map((row) => row.subject);
    expect(await left(c)).toEqual(['1', '10']);
    expect(await left(d)).toEqual(['1']);
    expect(await store().purgeExpired(t.db, new Date(now))).toBe(0);
  });

  it('the console reads and sets the retention, 1 to 3650 days, only signed in', async () => {
    const url = '/v1/settings/event-retention';
    const read = await t.app.inject({ method: 'GET', url, headers: auth(b.token) });
    expect(read.json()).toEqual({ data: { days: 30 } });
    for (const days of [0, 3651, 2.5]) {
      const bad = await t.app.inject({ method: 'PUT', url, headers: auth(b.token), payload: { days } });
      expect(bad.statusCode, String(days)).toBe(400);
      expect(bad.json().code).toBe('validation');
    }
    const set = await t.app.inject({ method: 'PUT', url, headers: auth(b.token), payload: { days: 90 } });
    expect(set.json()).toEqual({ data: { days: 90 } });
    expect((await t.app.inject({ method: 'GET', url, headers: auth(b.token) })).json().data.days).toBe(90);
    expect((await t.app.inject({ method: 'GET', url, headers: auth(a.token) })).json().data.days).toBe(30);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
