import { describe, expect, it } from 'vitest';
import { databases, expectError, expectResults, useReferenceApi } from './reference-api.ts';

const accountKeys = [
  'customer_id',
  'company_name',
  'country_code',
  'anniversary_date',
  'created',
  'updated',
  'status',
  'status_updated',
  'status_reason_category',
  'tfa_required',
  'service_level',
  'subscription',
  'options',
  'support',
];

/** The account options account.apib documents for PUT /account. */
const documentedOptions = {
  smtp_tracking_default: true,
  rest_tracking_default: false,
  transactional_unsub: true,
  transactional_default: true,
  initial_open_pixel_tracking: false,
  click_tracking: false,
  inline_seeds: false,
};

const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

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

    it('GET /account: the dates are ISO dates, the status reason empty, support a pair of booleans', async () => {
      const { results } = expectResults(await api.call('GET', '/account'), 200, accountKeys);
      for (const key of ['anniversary_date', 'created', 'updated', 'status_updated']) {
        expect(results[key], key).toMatch(isoDate);
      }
      expect(results.status).toBe('active');
      expect(results.status_reason_category).toBe('');
      expect(results.support).toEqual({ phone: expect.any(Boolean), online: expect.any(Boolean) });
      expect(results.subscription).toEqual(
        expect.objectContaining({
          name: expect.any(String),
          effective_date: expect.stringMatching(isoDate),
          self_serve: expect.any(Boolean),
          type: expect.any(String),
        }),
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

    it('PUT /account with the documented options: 200, and GET /account shows them kept', async () => {
      expectResults(
        await api.call('PUT', '/account', { company_name: 'SparkPost', options: documentedOptions }),
        200,
        ['message'],
      );
      expectResults(await api.call('PUT', '/account', { options: { smtp_tracking_default: false } }), 200, [
        'message',
      ]);
      const { results } = expectResults(await api.call('GET', '/account'), 200, accountKeys);
      expect(results.options).toEqual({ ...documentedOptions, smtp_tracking_default: false });
      expect(results.company_name).toBe('SparkPost');
    });

    it('PUT /account with an option the reference does not document: 422, code 1300', async () => {
      expectError(await api.call('PUT', '/account', { options: { open_tracking: false } }), 422, '1300');
    });

    it('PUT /account with tfa_required true: 422, code 1300 (two-factor authentication is per user here)', async () => {
      expectError(await api.call('PUT', '/account', { tfa_required: true }), 422, '1300');
    });
  },
);
