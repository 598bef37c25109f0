import { beforeAll, describe, expect, it } from 'vitest';
import { databases, expectError, expectResults, useReferenceApi } from './reference-api.ts';

const content = {
  from: { email: 'orders@harbour.test', name: 'Harbour Books' },
  subject: 'Receipt',
  text: 'Thanks',
};
const accepted = ['total_rejected_recipients', 'total_accepted_recipients', 'id'];

describe.each(databases)('transmissions as the reference documents them, on $name', (database) => {
  const api = useReferenceApi(database, 'conf-transmissions');
  const inFuture = (hours: number) => new Date(api.t.clock.now().getTime() + hours * 3_600_000).toISOString();
  const schedule = (campaign: string, hours = 48) =>
    api.call('POST', '/transmissions', {
      campaign_id: campaign,
      options: { start_time: inFuture(hours) },
      recipients: [{ address: 'later@reader.test' }],
      content,
    });

  beforeAll(async () => {
    await api.call('POST', '/templates', {
      id: 'receipt',
      name: 'Receipt',
      published: true,
      content: { from: 'orders@harbour.test', subject: 'Receipt for {{name}}', text: 'Thanks {{name}}' },
    });
    await api.call('POST', '/recipient-lists', {
      id: 'readers',
      recipients: [{ address: 'r1@reader.test' }],
    });
  });

  it('POST inline content: 200 with the counts and the id', async () => {
    const body = expectResults(
      await api.call('POST', '/transmissions', { recipients: [{ address: 'one@reader.test' }], content }),
      200,
      accepted,
    );
    expect(body.results.total_accepted_recipients).toBe(1);
  });

  it('POST a stored template: 200', async () => {
    const sent = await api.call('POST', '/transmissions', {
      substitution_data: { name: 'Mara' },
      recipients: [{ address: { email: 'mara@reader.test', name: 'Mara' } }],
      content: { template_id: 'receipt' },
    });
    expectResults(sent, 200, accepted);
  });

  it('POST a template with a recipient lacking address.email: 200, errors 2000, rcpt_to_errors 1400', async () => {
    const sent = await api.call('POST', '/transmissions', {
      recipients: [{ address: { email: 'kept@reader.test' } }, { address: { name: 'Unaddressed' } }],
      content: { template_id: 'receipt', use_draft_template: false },
    });
    const body = expectResults(sent, 200, [...accepted, 'rcpt_to_errors']);
    expect(body.errors).toEqual([expect.objectContaining({ code: '2000' })]);
    expect(body.results.rcpt_to_errors).toEqual([expect.objectContaining({ code: '1400' })]);
    expect(body.results).toMatchObject({ total_accepted_recipients: 1, total_rejected_recipients: 1 });
  });

  it('POST a template that does not exist: 422, code 1603', async () => {
    const sent = await api.call('POST', '/transmissions', {
      recipients: [{ address: 'x@reader.test' }],
      content: { template_id: 'no-such-receipt' },
    });
    expectError(sent, 422, '1603');
  });

  it('POST to a stored recipient list: 200', async () => {
    const sent = await api.call('POST', '/transmissions', { recipients: { list_id: 'readers' }, content });
    expectResults(sent, 200, accepted);
  });

  it('POST RFC 822 content: 200', async () => {
    const email_rfc822 = 'From: orders@harbour.test\r\nSubject: Raw\r\n\r\nRaw body\r\n';
    const sent = await api.call('POST', '/transmissions', {
      recipients: [{ address: 'raw@reader.test' }],
      content: { email_rfc822 },
    });
    expectResults(sent, 200, accepted);
  });

  it('POST naming a DKIM key that does not exist: 400, code 1100', async () => {
    const sent = await api.call('POST', '/transmissions', {
      options: { dkim_key: 'autumn' },
      recipients: [{ address: 'x@reader.test' }],
      content,
    });
    expectError(sent, 400, '1100');
  });

  it('POST without content: 422, code 1400', async () => {
    expectError(
      await api.call('POST', '/transmissions', { recipients: [{ address: 'x@reader.test' }] }),
      422,
      '1400',
    );
  });

  it('POST /transmissions/ with a start_time schedules it: 200', async () => {
    const sent = await api.call('POST', '/transmissions/', {
      options: { start_time: inFuture(24) },
      recipients: [{ address: 'later@reader.test' }],
      content,
    });
    expectResults(sent, 200, accepted);
  });

  it('GET a scheduled transmission: 200 with results.transmission', async () => {
    const id = (await schedule('conf-get')).json().results.id;
    const body = expectResults(await api.call('GET', `/transmissions/${id}`), 200, ['transmission']);
    expect(body.results.transmission).toMatchObject({ id, state: 'submitted', campaign_id: 'conf-get' });
  });

  it('GET a sent transmission: its content, generation times, metadata, substitution_data and options', async () => {
    const sent = await api.call('POST', '/transmissions', {
      metadata: { shelf: 'poetry' },
      substitution_data: { store: 'Harbour' },
      options: { open_tracking: false },
      recipients: [{ address: 'now@reader.test' }],
      content: { template_id: 'receipt', use_draft_template: false },
    });
    const { id } = sent.json().results;
    const { transmission } = expectResults(await api.call('GET', `/transmissions/${id}`), 200).results;
    expect(transmission).toMatchObject({
      state: 'Success',
      content: { template_id: 'receipt', use_draft_template: false },
      generation_start_time: expect.any(String),
      generation_end_time: expect.any(String),
      metadata: { shelf: 'poetry' },
      substitution_data: { store: 'Harbour' },
      options: { open_tracking: false },
    });
  });

  it('GET a transmission that does not exist: 404, code 1600', async () => {
    expectError(await api.call('GET', '/transmissions/4242424242'), 404, '1600');
  });

  it('GET the list, filtered by campaign_id: 200', async () => {
    await schedule('conf-list');
    const body = expectResults(await api.call('GET', '/transmissions?campaign_id=conf-list'), 200);
    expect(body.results).toEqual([expect.objectContaining({ campaign_id: 'conf-list' })]);
  });

  it('DELETE a scheduled transmission: 204 with no body', async () => {
    const id = (await schedule('conf-delete')).json().results.id;
    const deleted = await api.call('DELETE', `/transmissions/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
  });

  it('DELETE a transmission that does not exist: 404, code 1600', async () => {
    expectError(await api.call('DELETE', '/transmissions/4242424242'), 404, '1600');
  });

  it('DELETE one starting within ten minutes: 409, code 2003', async () => {
    const id = (await schedule('conf-soon', 0.05)).json().results.id;
    expectError(await api.call('DELETE', `/transmissions/${id}`), 409, '2003');
  });

  it('DELETE one already sent: 409, code 2006', async () => {
    const sent = await api.call('POST', '/transmissions', {
      recipients: [{ address: 'now@reader.test' }],
      content,
    });
    expectError(await api.call('DELETE', `/transmissions/${sent.json().results.id}`), 409, '2006');
  });

  it('DELETE ?campaign_id= cancels its scheduled transmissions: 204', async () => {
    const id = (await schedule('conf-campaign')).json().results.id;
    const deleted = await api.call('DELETE', '/transmissions?campaign_id=conf-campaign');
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await api.call('GET', `/transmissions/${id}`)).json().results.transmission.state).toBe(
      'Canceled',
    );
  });

  it('PUT /transmissions: 405', async () => {
    expectError(await api.call('PUT', '/transmissions', {}), 405, '1300');
  });
});
