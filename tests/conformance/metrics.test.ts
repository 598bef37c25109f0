import { beforeAll, describe, expect, it } from 'vitest';
import { databases, expectError, expectResults, useReferenceApi } from './reference-api.ts';

/** `YYYY-MM-DDTHH:MM`, as the Metrics API takes times. */
const minuteOf = (at: Date) => at.toISOString().slice(0, 16);

describe.each(databases)('metrics as the reference documents them, on $name', (database) => {
  const api = useReferenceApi(database, 'conf-metrics');
  let window = '';

  beforeAll(async () => {
    const from = minuteOf(new Date(api.t.clock.now().getTime() - 60_000));
    for (const name of ['ada', 'bob']) {
      const sent = await api.call('POST', '/transmissions', {
        campaign_id: 'conf-metrics',
        recipients: [{ address: `${name}@orchard.test` }],
        content: { from: 'apples@garden.test', subject: 'Harvest', text: 'Apples are ripe' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    // Injection events are written as a delivery worker composes the messages.
    await api.t.composeQueued();
    api.t.clock.advance(120_000);
    window = `from=${from}&to=${minuteOf(api.t.clock.now())}`;
  });

  it('GET /metrics/deliverability: 200 with the requested metrics of what was sent', async () => {
    const body = expectResults(
      await api.call('GET', `/metrics/deliverability?${window}&metrics=count_injected,count_targeted`),
      200,
    );
    expect(body.results).toEqual([{ count_injected: 2, count_targeted: 2 }]);
    expect(body.links[0]).toMatchObject({ rel: 'deliverability', method: 'GET' });
  });

  it('GET /metrics/deliverability/campaign and /domain: one row per key, named as the reference names it', async () => {
    const campaigns = expectResults(
      await api.call('GET', `/metrics/deliverability/campaign?${window}&metrics=count_injected`),
      200,
    );
    expect(campaigns.results).toEqual([{ campaign_id: 'conf-metrics', count_injected: 2 }]);
    const domains = expectResults(
      await api.call('GET', `/metrics/deliverability/domain?${window}&metrics=count_injected`),
      200,
    );
    expect(domains.results).toEqual([{ domain: 'orchard.test', count_injected: 2 }]);
  });

  it('GET /metrics/deliverability/time-series: rows with ts', async () => {
    const body = expectResults(
      await api.call(
        'GET',
        `/metrics/deliverability/time-series?${window}&precision=hour&metrics=count_injected`,
      ),
      200,
    );
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results[0]).toEqual({ ts: expect.any(String), count_injected: expect.any(Number) });
  });

  it('GET /metrics/campaigns lists the campaigns with data', async () => {
    const body = expectResults(await api.call('GET', `/metrics/campaigns?${window}`), 200);
    expect(body.results).toEqual({ campaigns: ['conf-metrics'] });
  });

  it('refuses a request without from or metrics with 400', async () => {
    expectError(await api.call('GET', '/metrics/deliverability?metrics=count_injected'), 400, '1400');
    expectError(await api.call('GET', `/metrics/deliverability?${window}`), 400, '1400');
    expectError(
      await api.call('GET', `/metrics/deliverability?${window}&metrics=count_nothing`),
      400,
      '1300',
    );
  });
});

describe.each(databases)(
  'rejection reasons and the query_filters schema as the reference documents them, on $name',
  (database) => {
    const api = useReferenceApi(database, 'conf-rejections');
    let window = '';

    beforeAll(async () => {
      const from = minuteOf(new Date(api.t.clock.now().getTime() - 60_000));
      const suppressed = await api.call('PUT', '/suppression-list/', {
        recipients: [{ recipient: 'gone@orchard.test', type: 'non_transactional' }],
      });
      expect(suppressed.statusCode, suppressed.body).toBe(200);
      // A policy rejection at acceptance (suppressed), a generation rejection when composed (empty subject).
      for (const recipient of [
        { address: 'gone@orchard.test' },
        { address: 'blank@meadow.test', substitution_data: { subject: ' ' } },
      ]) {
        const sent = await api.call('POST', '/transmissions', {
          recipients: [recipient],
          content: { from: 'apples@garden.test', subject: '{{subject}}', text: 'Apples are ripe' },
          substitution_data: { subject: 'Harvest' },
        });
        expect(sent.statusCode, sent.body).toBe(200);
      }
      await api.t.composeQueued();
      api.t.clock.advance(120_000);
      window = `from=${from}&to=${minuteOf(api.t.clock.now())}`;
    });

    it('GET /metrics/deliverability/rejection-reason: 200, one row per reason with count_rejected and its type', async () => {
      const body = expectResults(
        await api.call('GET', `/metrics/deliverability/rejection-reason?${window}`),
        200,
      );
      expect(body.results).toEqual([
        {
          reason: '554 5.7.1 recipient address was suppressed due to customer policy',
          count_rejected: 1,
          rejection_category_id: 1,
          rejection_type: 'Policy Rejection',
        },
        {
          reason: 'subject is empty after substitution',
          count_rejected: 1,
          rejection_category_id: 2,
          rejection_type: 'Generation Rejection',
        },
      ]);
    });

    it('GET /metrics/deliverability/rejection-reason/domain: the rows by recipient domain too, filters applying', async () => {
      const body = expectResults(
        await api.call(
          'GET',
          `/metrics/deliverability/rejection-reason/domain?${window}&domains=orchard.test`,
        ),
        200,
      );
      expect(body.results).toEqual([
        {
          reason: '554 5.7.1 recipient address was suppressed due to customer policy',
          domain: 'orchard.test',
          count_rejected: 1,
          rejection_category_id: 1,
          rejection_type: 'Policy Rejection',
        },
      ]);
      expectError(await api.call('GET', '/metrics/deliverability/rejection-reason'), 400, '1400');
    });

    it('GET /metrics/deliverability/query-filters-schema: 200 with the JSON schema of what query_filters takes', async () => {
      const body = expectResults(await api.call('GET', '/metrics/deliverability/query-filters-schema'), 200, [
        '$schema',
        'type',
        'required',
        'properties',
        '$defs',
      ]);
      expect(body.results).toMatchObject({
        type: 'object',
        required: ['groupings'],
        additionalProperties: false,
      });
      // A document the schema describes is one the routes take.
      const filters = JSON.stringify({ groupings: [{ OR: { domains: { like: ['orchard'] } } }] });
      expectResults(
        await api.call(
          'GET',
          `/metrics/deliverability/rejection-reason?${window}&query_filters=${encodeURIComponent(filters)}`,
        ),
        200,
      );
    });
  },
);
