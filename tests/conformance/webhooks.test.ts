import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../server/src/testing/webhook-receiver.ts';
import { databases, expectError, expectResults, useReferenceApi } from './reference-api.ts';

describe.each(databases)('webhooks as the reference documents them, on $name', (database) => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  // The receiver is on loopback: the operator allows it, as WEBHOOK_ALLOWED_NETWORKS does.
  const api = useReferenceApi(database, 'conf-webhooks', {
    config: { webhookAllowedNetworks: ['127.0.0.1/32'] },
  });
  const create = (name: string, extra: Record<string, unknown> = {}) =>
    api.call('POST', '/webhooks', {
      name,
      target: `${receiver.url}/example-webhook`,
      events: ['delivery', 'injection', 'open', 'click'],
      ...extra,
    });
  const created = async (name: string) =>
    expectResults(await create(name), 200, ['id', 'links']).results.id as string;

  it('POST creates a webhook after a test POST: 200 with results.id and links', async () => {
    const body = expectResults(
      await create('Example webhook', {
        custom_headers: { 'x-api-key': 'abcd' },
        auth_type: 'basic',
        auth_credentials: { username: 'basicauthuser', password: 'mypassword' },
        exception_subaccounts: [123],
      }),
      200,
      ['id', 'links'],
    );
    expect(body.results.links[0]).toEqual({
      href: `/api/v1/webhooks/${body.results.id}`,
      rel: 'urn.msys.webhooks.webhook',
      method: ['GET', 'PUT'],
    });
  });

  it('POST whose target does not answer 200: 400', async () => {
    receiver.respond(() => ({ status: 502, body: 'bad gateway' }));
    const errors = expectError(await create('Broken'), 400, '1300');
    receiver.respond(() => ({ status: 200, body: 'OK' }));
    expect(errors[0]).toMatchObject({ response: { status: 502, body: 'bad gateway' } });
  });

  it('POST with a non-standard port on a public network: 400', async () => {
    expectError(await create('Odd port', { target: 'http://93.184.215.14:8080/x' }), 400, '1300');
  });

  it('POST without the required fields: 400, code 1400', async () => {
    expectError(await api.call('POST', '/webhooks', { name: 'No target' }), 400, '1400');
  });

  it('POST /webhooks/{id}/validate: 200 with msg and the response', async () => {
    const id = await created('Validated');
    const body = expectResults(await api.call('POST', `/webhooks/${id}/validate`), 200, ['msg', 'response']);
    expect(body.results).toEqual({
      msg: 'Test POST to endpoint succeeded',
      response: { status: 200, headers: expect.any(Object), body: 'OK' },
    });
  });

  it('GET a webhook: 200 with its fields and the validate and batch-status links', async () => {
    const id = await created('Retrieved');
    const body = expectResults(await api.call('GET', `/webhooks/${id}?timezone=America/New_York`), 200, [
      'name',
      'target',
      'events',
      'auth_type',
      'auth_request_details',
      'auth_credentials',
      'auth_token',
      'custom_headers',
      'active',
      'links',
    ]);
    expect(body.results.links.map((link: { rel: string }) => link.rel)).toEqual([
      'urn.msys.webhooks.validate',
      'urn.msys.webhooks.batches',
    ]);
  });

  it('GET a webhook that does not exist: 404, code 1600', async () => {
    expectError(await api.call('GET', '/webhooks/12affc24-f183-11e3-9234-3c15c2c818c2'), 404, '1600');
  });

  it('GET batch-status: 200 with a list', async () => {
    const id = await created('Batches');
    expect(
      expectResults(await api.call('GET', `/webhooks/${id}/batch-status?limit=1000`), 200).results,
    ).toEqual([]);
  });

  it('PUT changes a webhook: 200 with id and the validate link', async () => {
    const id = await created('To rename');
    const body = expectResults(
      await api.call('PUT', `/webhooks/${id}`, {
        name: 'Renamed webhook',
        events: ['generation_rejection', 'delay'],
        auth_type: 'none',
        custom_headers: { 'x-api-key': 'abcd' },
      }),
      200,
      ['id', 'links'],
    );
    expect(body.results.links[0].rel).toBe('urn.msys.webhooks.validate');
  });

  it('DELETE a webhook: 204', async () => {
    const id = await created('To delete');
    expect((await api.call('DELETE', `/webhooks/${id}`)).statusCode).toBe(204);
    expect((await api.call('GET', `/webhooks/${id}`)).statusCode).toBe(404);
  });

  it('GET all webhooks: 200 with a list', async () => {
    const body = expectResults(await api.call('GET', '/webhooks?timezone=UTC'), 200);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results[0]).toHaveProperty('links');
  });

  it('GET events/documentation and events/samples: 200', async () => {
    const docs = expectResults(await api.call('GET', '/webhooks/events/documentation'), 200, [
      'message_event',
      'track_event',
    ]);
    expect(docs.results.message_event.events).toHaveProperty('bounce');
    const samples = expectResults(await api.call('GET', '/webhooks/events/samples?events=bounce'), 200);
    expect(samples.results).toEqual([
      { msys: { message_event: expect.objectContaining({ type: 'bounce' }) } },
    ]);
  });
});
