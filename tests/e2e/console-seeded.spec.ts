import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { recipientDomains, sendingDomains, streams } from '../seed/catalogue.ts';
import { metricsSince, type SeedResult, seedMessages } from '../seed/seed.ts';
import { type SeedServer, startSeedServer } from '../seed/seed-server.ts';

/**
 * The console and the API behind it against a server seeded through the real engine (tests/seed):
 * what they show must be what the generator made. SEED_MESSAGES (default 2,000, to keep `npm test`
 * short) sets the size, SEED_DATABASE_URL a PostgreSQL server to run on (PGlite when absent); the
 * 100,000-message run is `npm run seed` and `npm run bench:console-measure`.
 *
 * The console's screens are asserted through `seededPages` below: one entry per page, with what it
 * must show of the seeded data. Add a screen's checks there.
 */
const messages = Number(process.env.SEED_MESSAGES ?? 2_000);

let server: SeedServer;
let api: APIRequestContext;
let seeded: SeedResult;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000);
  server = await startSeedServer({ databaseUrl: process.env.SEED_DATABASE_URL });
  api = await playwrightRequest.newContext({ baseURL: server.engine.baseURL });
  seeded = await seedMessages(server, api, { messages });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

/** A GET on /api/v1 with the account's API key (or the console session when `session`). */
async function apiGet(path: string, params: Record<string, string>, session = false) {
  const authorization = session ? `Bearer ${seeded.account.token}` : seeded.account.apiKey;
  const response = await api.get(path, { headers: { authorization }, params });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test('the Metrics API counts every message, bounce, delay, open and click the seed made', async () => {
  const { expected, engagement, metrics } = seeded;
  expect(metrics).toMatchObject({
    count_injected: messages,
    count_delivered: expected.delivered,
    count_bounce: expected.bounced.total,
    count_hard_bounce: expected.bounced.hard,
    count_soft_bounce: expected.bounced.soft,
    count_block_bounce: expected.bounced.block,
    count_delayed: expected.delayed,
    count_rendered: engagement.opens,
    count_unique_rendered: engagement.uniqueOpened,
    count_clicked: engagement.clicks,
    count_unique_clicked: engagement.uniqueClicked,
  });
  expect(engagement.failures).toBe(0);
  // The console reads /api/v1 with its session: the same totals.
  expect(await metricsSince(api, `Bearer ${seeded.account.token}`, seeded.from)).toEqual(metrics);

  const breakdown = async (name: string, key: string) => {
    const body = await apiGet(`/api/v1/metrics/deliverability/${name}`, {
      from: seeded.from,
      metrics: 'count_injected',
    });
    return (body.results as Record<string, string | number>[]).map((row) => String(row[key]));
  };
  expect((await breakdown('campaign', 'campaign_id')).sort()).toEqual(streams.map((s) => s.campaign).sort());
  expect(await breakdown('sending-domain', 'sending_domain')).toEqual(
    expect.arrayContaining(['news.acme-shop.example', 'orders.acme-shop.example']),
  );
  expect(sendingDomains).toEqual(expect.arrayContaining(await breakdown('sending-domain', 'sending_domain')));
  expect(await breakdown('domain', 'domain')).toEqual(expect.arrayContaining(['gmail.com', 'yahoo.com']));
  expect(recipientDomains.map(([domain]) => domain)).toEqual(
    expect.arrayContaining(await breakdown('domain', 'domain')),
  );
  expect((await breakdown('subaccount', 'subaccount_id')).sort()).toEqual(
    ['0', ...seeded.account.subaccounts.map(String)].sort(),
  );
  expect((await breakdown('template', 'template_id')).filter((id) => id !== '')).toEqual(
    expect.arrayContaining(['weekly-newsletter', 'order-confirmation']),
  );
});

test('the event search finds the seeded deliveries, bounces with their classes, and delays', async () => {
  const { expected } = seeded;
  const from = `${seeded.from}:00Z`;
  const total = async (filters: Record<string, string>, session = false) =>
    (await apiGet('/api/v1/events/message', { from, per_page: '1', ...filters }, session)).total_count;
  // total_count is exact up to 10,000 matches (README).
  const exact = (count: number) => Math.min(count, 10_000);
  expect(await total({ events: 'delivery' })).toBe(exact(expected.delivered));
  expect(await total({ events: 'bounce' })).toBe(exact(expected.bounced.total));
  expect(await total({ events: 'delay' })).toBe(exact(expected.delayed));
  expect(await total({ events: 'bounce' }, true)).toBe(exact(expected.bounced.total));
  // The receiver's refusals, classified by the engine: invalid recipient (10, hard), mailbox full
  // (22, soft), block list (51, block).
  expect(await total({ events: 'bounce', bounce_classes: '10' })).toBe(exact(expected.bounced.hard));
  expect(await total({ events: 'bounce', bounce_classes: '22' })).toBe(exact(expected.bounced.soft));
  expect(await total({ events: 'bounce', bounce_classes: '51' })).toBe(exact(expected.bounced.block));

  const bounces = await apiGet('/api/v1/events/message', { from, events: 'bounce', per_page: '100' });
  for (const event of bounces.results) {
    expect(event).toMatchObject({ type: 'bounce', reason: expect.stringMatching(/^5\d\d /) });
  }
});

/** What each console page must show of the seeded data; the screens under rewrite are asserted on headings. */
const seededPages: {
  path: string;
  heading: string;
  shows?: (page: Page, seed: SeedResult) => Promise<void>;
}[] = [
  { path: '/analytic', heading: 'Analytic' },
  { path: '/activity', heading: 'Activity' },
];

for (const { path, heading, shows } of seededPages) {
  test(`the console's ${path} opens on the seeded company`, async ({ page }) => {
    await page.goto(`${server.engine.baseURL}/login`);
    await page.evaluate((token) => {
      localStorage.setItem('token', token);
      localStorage.setItem('token2faStage', 'full');
    }, seeded.account.token);
    await page.goto(`${server.engine.baseURL}${path}`);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible({ timeout: 30_000 });
    await shows?.(page, seeded);
  });
}
