import { beforeAll, expect } from 'vitest';
import type { NewMessageEvent } from '../engine/events/message-event.ts';
import { useTestApp } from './app.ts';
import type { TestDatabase } from './databases.ts';
import { type EngineAccount, engineAccount, engineCall } from './engine.ts';
import { testEvent } from './events.ts';

export type Row = Record<string, number | string>;

export const minute = 60_000;
export const hour = 60 * minute;
export const day = 24 * hour;
/** `YYYY-MM-DDTHH:MM` of a UTC instant, as the Metrics API takes it. */
export const minuteOf = (at: number) => new Date(at).toISOString().slice(0, 16);

/** A window of its own per test: days after this base, so tests sharing the account do not mix. */
export const base = Date.UTC(2026, 0, 1);
export const window = (startDay: number, days = 1) =>
  `from=${minuteOf(base + startDay * day)}&to=${minuteOf(base + (startDay + days) * day)}`;

/**
 * An app for the metrics tests of the calling describe, with two companies (`a`, `b`) and a
 * subaccount of `a`, and the helpers that write events and read the Metrics API.
 * `state()` gives `a`, `b` and `subaccountId`: call it inside hooks and tests only.
 */
export function useMetricsApp(database: TestDatabase) {
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;
  let subaccountId: number;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'metrics-a');
    b = await engineAccount(t.app, t.db, 'metrics-b');
    const created = await engineCall(t.app, a, 'POST', '/subaccounts', {
      name: 'Shop',
      setup_api_key: false,
    });
    subaccountId = created.json().results.subaccount_id;
  });

  const event = (
    account: EngineAccount,
    at: number,
    overrides: Partial<NewMessageEvent> = {},
  ): NewMessageEvent =>
    testEvent(account.companyId, new Date(at), {
      type: 'injection',
      templateId: 'welcome',
      rcptTo: 'jane@gmail.example',
      friendlyFrom: 'Shop <orders@shop.example>',
      ...overrides,
    });
  const write = (events: NewMessageEvent[]) => t.db.transaction((tx) => t.engine.events.insert(tx, events));
  /** `as` is a subaccount the master key acts for (X-MSYS-SUBACCOUNT), or another Authorization. */
  const call = (account: EngineAccount, path: string, as?: number | string) =>
    engineCall(
      t.app,
      account,
      'GET',
      `/metrics${path}`,
      undefined,
      typeof as === 'number' ? { subaccount: as } : as ? { authorization: as } : {},
    );
  const results = async (account: EngineAccount, path: string, as?: number | string): Promise<Row[]> => {
    const response = await call(account, path, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results;
  };

  return {
    t,
    event,
    write,
    call,
    results,
    state: () => ({ a, b, subaccountId }),
  };
}
