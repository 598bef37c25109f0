import { beforeAll, describe, expect, it } from 'vitest';
import { databases, expectError, expectResults, useReferenceApi } from './reference-api.ts';

const pageKeys = ['links', 'results', 'total_count'];

describe.each(databases)(
  'message and ingest events as the reference documents them, on $name',
  (database) => {
    const api = useReferenceApi(database, 'conf-events');
    const search = (query: string) => api.call('GET', `/events/message${query}`);

    beforeAll(async () => {
      for (const name of ['Lea', 'Tom', 'Ute']) {
        await api.call('POST', '/transmissions', {
          campaign_id: 'conf-events',
          recipients: [{ address: `${name.toLowerCase()}@garden.test` }],
          content: { from: 'seeds@garden.test', subject: `Seeds for ${name}`, text: 'Spring is here' },
        });
      }
      // Their injection events are written as a delivery worker composes them.
      await api.t.composeQueued();
      // The search window ends at now, exclusive: let the test clock pass the sends.
      api.t.clock.advance(1_000);
    });

    it('GET /events/message: 200 with results, total_count and links', async () => {
      const response = await search('?campaigns=conf-events');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(pageKeys);
      expect(body.total_count).toBeGreaterThanOrEqual(3);
      expect(body.results[0]).toEqual(
        expect.objectContaining({
          type: expect.any(String),
          event_id: expect.any(String),
          timestamp: expect.any(String),
        }),
      );
    });

    it('GET /events/message pages with per_page and the cursor of links.next', async () => {
      const first = (await search('?campaigns=conf-events&per_page=2')).json();
      expect(first.results).toHaveLength(2);
      const next = await api.call('GET', first.links.next.replace(/^\/api\/v1/, ''));
      expect(next.statusCode).toBe(200);
      const ids = [...first.results, ...next.json().results].map(
        (event: { event_id: string }) => event.event_id,
      );
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('GET /events/message filters by recipients and event types', async () => {
      const body = (await search('?recipients=tom@garden.test&events=injection')).json();
      expect(body.results.length).toBeGreaterThan(0);
      for (const event of body.results)
        expect(event).toMatchObject({ rcpt_to: 'tom@garden.test', type: 'injection' });
    });

    it('GET /events/message with delimiter splits the list filters at it', async () => {
      const body = (
        await search('?delimiter=|&recipients=lea@garden.test|ute@garden.test&events=injection')
      ).json();
      const recipients = body.results.map((event: { rcpt_to: string }) => event.rcpt_to).sort();
      expect(recipients).toEqual(['lea@garden.test', 'ute@garden.test']);
    });

    it.each([
      ['ab_tests', 'no-such-test'],
      ['ab_tests=no-such-test&ab_test_versions', '1'],
      ['bounce_classes', '10'],
      ['campaigns', 'no-such-campaign'],
      ['event_ids', '999999999999'],
      ['events', 'click'],
      ['from_addresses', 'nobody@garden.test'],
      ['ip_pools', 'no-such-pool'],
      ['mailbox_providers', 'no-such-provider'],
      ['mailbox_provider_regions', 'no-such-region'],
      ['messages', '00000000-0000-4000-8000-000000000000'],
      ['reasons', 'no such reason'],
      ['recipients', 'nobody@garden.test'],
      ['recipient_domains', 'elsewhere.test'],
      ['sending_domains', 'elsewhere.test'],
      ['sending_ips', '192.0.2.1'],
      ['subaccounts', '424242'],
      ['subjects', 'No such subject'],
      ['templates', 'no-such-template'],
      ['transmissions', '1'],
    ])(
      'GET /events/message?%s= filters, never ignored: 200 with nothing that does not match',
      async (name, value) => {
        const body = expectResults(await search(`?${name}=${encodeURIComponent(value)}`), 200);
        expect(body.results).toEqual([]);
      },
    );

    it('GET /events/message with ab_test_versions but no ab_tests: 422, code 1300', async () => {
      expectError(await search('?ab_test_versions=1'), 422, '1300');
    });

    it('GET /events/message with a value no filter takes: 422, code 1300', async () => {
      for (const query of ['?events=teleported', '?per_page=0', '?from=tomorrow']) {
        const refused = await search(query);
        expect(refused.statusCode, query).toBe(422);
        expect(refused.json().errors[0].code).toBe('1300');
      }
    });

    it('GET /events/message/documentation: 200 with the fields of each event type', async () => {
      const body = expectResults(await api.call('GET', '/events/message/documentation'), 200);
      expect(body.results.length).toBeGreaterThan(0);
    });

    it('GET /events/message/samples?events=: 200 with one sample per type asked', async () => {
      const body = expectResults(
        await api.call('GET', '/events/message/samples?events=delivery,bounce'),
        200,
      );
      expect(body.results.map((sample: { type: string }) => sample.type)).toEqual(['delivery', 'bounce']);
    });

    it('GET /events/ingest: 200 with results, total_count and links', async () => {
      const response = await api.call('GET', '/events/ingest?events=error&retryable=true&per_page=50');
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json()).sort()).toEqual(pageKeys);
    });

    it('GET /events/ingest with an event type it does not have: 422, code 1300', async () => {
      const refused = await api.call('GET', '/events/ingest?events=delivery');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0].code).toBe('1300');
    });
  },
);
