import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCall, transmit } from '../../testing/engine.ts';

const content = { from: { email: 'news@acme.test', name: 'Acme' }, subject: 'Hello', text: 'Hello' };
const body = (overrides: Record<string, unknown> = {}, contentOverrides: Record<string, unknown> = {}) => ({
  recipients: [{ address: 'ann@example.test' }],
  content: { ...content, ...contentOverrides },
  ...overrides,
});

describe.each(databases)('what a transmission is refused for at acceptance, on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'accept-a');
    b = await engineAccount(t.app, t.db, 'accept-b');
  });

  const send = (payload: unknown, account = a) => transmit(t, account, payload);
  const counts = () =>
    t.db.one<{ transmissions: number; messages: number; events: number }>(
      `SELECT (SELECT count(*)::int FROM transmissions) AS transmissions,
              (SELECT count(*)::int FROM messages) AS messages,
              (SELECT count(*)::int FROM message_events) AS events`,
    );

  it('refuses header injection and a bad sender with 422 in SparkPost shape, writing nothing', async () => {
    const before = await counts();
    const refused: Array<[string, unknown]> = [
      ['content.subject', body({}, { subject: 'Hi\r\nBcc: victim@example.test' })],
      ['content.subject', body({}, { subject: 'Hi\nthere' })],
      ['content.from', body({}, { from: 'news@acme.test\r\nBcc: victim@example.test' })],
      ['content.from.name', body({}, { from: { email: 'news@acme.test', name: 'A\r\nBcc: x@y.test' } })],
      ['content.reply_to', body({}, { reply_to: 'r@acme.test\r\nBcc: victim@example.test' })],
      ['content.headers.X-Ref', body({}, { headers: { 'X-Ref': 'a\r\nBcc: victim@example.test' } })],
      ['content.from', body({}, { from: 'not an address' })],
      ['content.from', body({}, { from: { email: 'nobody' } })],
      ['content.headers', body({}, { headers: { To: 'victim@example.test' } })],
      ['content.headers', body({}, { headers: { Bcc: 'victim@example.test' } })],
      ['content.headers', body({}, { headers: { 'Content-Type': 'text/html' } })],
      ['content.headers', body({}, { headers: { 'Bad Name': 'x' } })],
      ['return_path', body({ return_path: 'bounces@acme.test\r\nBcc: victim@example.test' })],
      ['return_path', body({ return_path: 'not an address' })],
      [
        'recipients.0.address.name',
        body({ recipients: [{ address: { email: 'a@b.test', name: 'A\r\nB' } }] }),
      ],
    ];
    for (const [field, payload] of refused) {
      const response = await send(payload);
      expect(response.statusCode, field).toBe(422);
      const [error] = response.json().errors;
      expect(error, field).toMatchObject({
        message: expect.any(String),
        code: expect.stringMatching(/^1[34]00$/),
      });
      expect(error.description, field).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });

  it('rejects the message of RFC 822 content whose decoded header holds a NUL, naming the header', async () => {
    const response = await send({
      recipients: [{ address: 'ann@example.test' }],
      content: { email_rfc822: 'From: news@acme.test\r\nSubject: =?UTF-8?B?SGkAdGhlcmU=?=\r\n\r\nHello' },
    });
    expect(response.statusCode).toBe(200);
    const events = await t.db.query<{ type: string; reason: string }>(
      'SELECT type, reason FROM message_events WHERE transmission_id = $1',
      [response.json().results.id],
    );
    expect(events).toEqual([{ type: 'generation_rejection', reason: expect.stringContaining('subject') }]);
  });

  it('checks values with substitutions after rendering, as before', async () => {
    const templated = await send(
      body(
        { substitution_data: { ref: 'a\r\nBcc: victim@example.test', sender: 'news' } },
        {
          from: '{{sender}}@acme.test',
          headers: { 'X-Ref': '{{ref}}' },
        },
      ),
    );
    expect(templated.statusCode).toBe(200);
    const events = await t.db.query<{ type: string; reason: string }>(
      'SELECT type, reason FROM message_events WHERE transmission_id = $1',
      [templated.json().results.id],
    );
    expect(events).toEqual([{ type: 'generation_rejection', reason: expect.stringContaining('line break') }]);
  });

  it('refuses a start_time whose date does not exist instead of rolling it over', async () => {
    for (const start_time of [
      '2026-11-31T10:00:00Z',
      '2027-02-29T10:00:00Z',
      '2026-12-01T24:00:00Z',
      '2026-13-01T10:00:00Z',
    ]) {
      const response = await send(body({ options: { start_time } }));
      expect(response.statusCode, start_time).toBe(422);
      expect(response.json().errors[0].description).toMatch(/^options\.start_time: /);
    }
  });

  it('holds addresses to RFC 5321 sizes: local part 64, domain 255, address 254 octets', async () => {
    const rejected = async (address: string) => {
      const response = await send(body({ recipients: [{ address }] }));
      return response.statusCode === 422 && /not a valid email address/.test(response.body);
    };
    expect(await rejected(`${'x'.repeat(300)}@example.test`)).toBe(true);
    expect(await rejected(`${'x'.repeat(65)}@example.test`)).toBe(true);
    expect(await rejected(`${'ö'.repeat(33)}@example.test`)).toBe(true);
    expect(await rejected(`x@${'d'.repeat(64)}.test`)).toBe(true);
    expect(await rejected(`${'x'.repeat(64)}@${`${'d'.repeat(60)}.`.repeat(4)}test`)).toBe(true);
    expect(await rejected(`${'x'.repeat(64)}@example.test`)).toBe(false);
    const returnPath = await send(
      body({ recipients: [{ address: 'ann@example.test', return_path: `${'x'.repeat(65)}@acme.test` }] }),
    );
    expect(returnPath.statusCode).toBe(422);
    expect(returnPath.json().errors[0].description).toContain('return_path');
    const senders = await send(body({}, { from: `${'x'.repeat(65)}@acme.test` }));
    expect(senders.statusCode).toBe(422);
  });

  it('accepts internationalized addresses (RFC 6531) and composes them as UTF-8 (RFC 6532)', async () => {
    const response = await send(
      body(
        { recipients: [{ address: { email: 'jöran@bücher.test', name: 'Jöran' } }] },
        { from: 'post@münchen.test' },
      ),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().results.total_accepted_recipients).toBe(1);
    const [message] = await t.db.query<{ rcpt_to: string; mail_from: string; raw: Buffer }>(
      'SELECT rcpt_to, mail_from, raw FROM messages WHERE transmission_id = $1',
      [response.json().results.id],
    );
    expect(message?.rcpt_to).toBe('jöran@bücher.test');
    const raw = Buffer.from(message?.raw ?? []).toString('utf8');
    expect(raw).toMatch(/^To: .*<jöran@bücher\.test>\r$/m);
    // The domain may travel in A-labels, the local part only as UTF-8.
    expect(raw).toMatch(/^From: post@xn--mnchen-3ya\.test\r$/m);
    expect(raw).toMatch(/^Message-ID: <[0-9a-f-]+@xn--mnchen-3ya\.test>\r$/m);
  });

  it('accepts the recipients that have address.email and reports the others (200, code 2000)', async () => {
    await engineCall(t.app, a, 'POST', '/templates', {
      id: 'partial-welcome',
      name: 'Welcome',
      published: true,
      content: { from: 'news@acme.test', subject: 'Hi {{name}}', text: 'Hello {{name}}' },
    });
    const recipients = [
      { address: { email: 'kept@example.test', name: 'Kept' } },
      { address: { name: 'No address' } },
      { address: { email: 'also-kept@example.test' } },
    ];
    for (const sent of [{ template_id: 'partial-welcome' }, content]) {
      const partial = await send({ recipients, content: sent });
      expect(partial.statusCode).toBe(200);
      expect(partial.json()).toEqual({
        results: {
          id: expect.any(String),
          total_accepted_recipients: 2,
          total_rejected_recipients: 1,
          rcpt_to_errors: [
            {
              message: 'required field is missing',
              description: expect.stringContaining('address.email is required'),
              code: '1400',
            },
          ],
        },
        errors: [{ message: 'transmission created, but with validation errors', code: '2000' }],
      });
    }
    // With no recipient left there is nothing to send: refused whole.
    const none = await send({ recipients: [{ address: { name: 'Nobody' } }], content });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors[0].code).toBe('1400');
  });

  it('refuses a transmission without content (1400) and one naming a DKIM key (400/1100)', async () => {
    const noContent = await send({ recipients: [{ address: 'ann@example.test' }] });
    expect(noContent.statusCode).toBe(422);
    expect(noContent.json().errors).toEqual([
      expect.objectContaining({ message: 'required field is missing', code: '1400' }),
    ]);
    // No sending domain has DKIM keys yet, so any key named does not exist.
    const before = await counts();
    const dkim = await send(body({ options: { dkim_key: 'spring' } }));
    expect(dkim.statusCode).toBe(400);
    expect(dkim.json().errors).toEqual([
      { message: "Invalid DKIM key ID 'spring' for sending domain 'acme.test'", code: '1100' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('names every field at fault when recipients are refused, and says how many recipients are too many', async () => {
    const both = await send({ recipients: [{ address: 'ann@example.test' }, { address: 7 }] });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual([
      { message: 'required field is missing', description: 'content is required', code: '1400' },
      expect.objectContaining({ code: '1300', description: expect.stringContaining('recipients.1.address') }),
    ]);
    const before = await counts();
    const tooMany = await send(
      body({
        recipients: Array.from({ length: 100_001 }, (_, index) => ({ address: `r${index}@example.test` })),
      }),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual([
      {
        message: 'invalid data format/type',
        description: 'recipients: at most 100,000 recipients per transmission, not 100,001',
        code: '1300',
      },
    ]);
    expect(await counts()).toEqual(before);
  }, 60_000);

  it('answers an unknown template_id with 422 and code 1603', async () => {
    const response = await send({
      recipients: [{ address: 'ann@example.test' }],
      content: { template_id: 'christmas_offer' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      errors: [
        {
          message: 'Subresource not found',
          description: "template 'christmas_offer' does not exist",
          code: '1603',
        },
      ],
    });
  });

  it("DELETE ?campaign_id= cancels that campaign's scheduled transmissions of the caller only, with 204", async () => {
    const start_time = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const schedule = async (campaign_id: string, account = a) =>
      (await send(body({ campaign_id, options: { start_time } }), account)).json().results.id as string;
    const winter = [await schedule('winter'), await schedule('winter')];
    const summer = await schedule('summer');
    const othersWinter = await schedule('winter', b);
    const deleted = await engineCall(t.app, a, 'DELETE', '/transmissions?campaign_id=winter');
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const stateOf = async (id: string, account = a) =>
      (await engineCall(t.app, account, 'GET', `/transmissions/${id}`)).json().results.transmission.state;
    expect(await Promise.all(winter.map((id) => stateOf(id)))).toEqual(['Canceled', 'Canceled']);
    expect(await stateOf(summer)).toBe('submitted');
    expect(await stateOf(othersWinter, b)).toBe('submitted');
    expect((await engineCall(t.app, a, 'DELETE', '/transmissions')).statusCode).toBe(422);
  });
});
