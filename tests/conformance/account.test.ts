import { describe, expect, it } from 'vitest';
import { databases, expectError, expectResults, useReferenceApi } from './reference-api.ts';

const accountKeys = [
  'customer_id',
  'company_name',
  'country_code',
  'created',
  'status',
  'tfa_required',
  'subscription',
  'options',
];

describe.each(databases)(
  'the account and its usage as the reference documents them, on $name',
  (database) => {
    const api = useReferenceApi(database, 'conf-account');

    it('GET /account: 200 with the account object, without usage', async () => {
      const body = expectResults(await api.call('GET', '/account'), 200, accountKeys);
      expect(body.results).not.toHaveProperty('usage');
      expect(body.results.subscription).toEqual(
        expect.objectContaining({ code: expect.any(String), plan_volume: expect.any(Number) }),
      );
    });

    it('GET /account?include=usage: 200 with the day and month usage', async () => {
      const { usage } = expectResults(await api.call('GET', '/account?include=usage'), 200, [
        ...accountKeys,
        'usage',
      ]).results;
      expect(Object.keys(usage)).toEqual(expect.arrayContaining(['timestamp', 'day', 'month']));
      for (const period of [usage.day, usage.month]) {
        expect(Object.keys(period).sort()).toEqual(['end', 'limit', 'start', 'used']);
      }
    });

    it('GET /account with an include it does not know: 422, code 1300', async () => {
      expectError(await api.call('GET', '/account?include=invoices'), 422, '1300');
    });

    it('GET /usage: 200 with the messaging usage of the day and the month', async () => {
      const { messaging } = expectResults(await api.call('GET', '/usage'), 200, ['messaging']).results;
      expect(Object.keys(messaging).sort()).toEqual(['day', 'last_usage_date', 'month', 'timestamp']);
      expect(Object.keys(messaging.month).sort()).toEqual(['end', 'start', 'used']);
    });

    it('PUT /account with company_name: 200 with a message, and the name changed', async () => {
      expectResults(await api.call('PUT', '/account', { company_name: 'Lighthouse Tours' }), 200, [
        'message',
      ]);
      expect((await api.call('GET', '/account')).json().results.company_name).toBe('Lighthouse Tours');
    });

    it('PUT /account with options this server does not offer: 422, code 1300', async () => {
      expectError(
        await api.call('PUT', '/account', { options: { rest_tracking_default: false } }),
        422,
        '1300',
      );
    });
  },
);
