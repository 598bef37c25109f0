import { Writable } from 'node:stream';
import nodemailer from 'nodemailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useTestRelays } from '../../testing/relay.ts';
import type { RelayAuthInput, RelayDeps, RelayMessage, RelayPrincipal, RelayRefusal } from './relay-deps.ts';

const principal: RelayPrincipal = { companyId: 'company-1', subaccountId: 0, keyId: 'key-1' };
const goodKey = 'good-api-key';
const notAuthorized: RelayRefusal = { code: 550, message: '5.7.1 Not an authorized recipient' };

interface Fake {
  port: number;
  authCalls: RelayAuthInput[];
  recipientCalls: string[];
  submitted: RelayMessage[];
  logs: string[];
}

const startTestRelay = useTestRelays();

/** A relay on a free loopback port whose deps are plain recorders; `submit` and `authenticate` can be swapped. */
async function startRelay(
  options: {
    maxMessageBytes?: number;
    submit?: (message: RelayMessage) => Promise<RelayRefusal | undefined>;
    authenticate?: (input: RelayAuthInput) => Promise<RelayPrincipal | RelayRefusal | null>;
  } = {},
): Promise<Fake> {
  const fake: Fake = { port: 0, authCalls: [], recipientCalls: [], submitted: [], logs: [] };
  const deps: RelayDeps = {
    async authenticate(input) {
      fake.authCalls.push(input);
      if (options.authenticate) return options.authenticate(input);
      return input.password === goodKey ? principal : null;
    },
    async checkRecipient(_principal, address) {
      fake.recipientCalls.push(address);
      return address.startsWith('blocked@') ? notAuthorized : undefined;
    },
    async submit(_principal, message) {
      fake.submitted.push(message);
      return options.submit ? options.submit(message) : undefined;
    },
  };
  const logSink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      fake.logs.push(chunk.toString());
      done();
    },
  });
  fake.port = await startTestRelay(deps, {
    maxMessageBytes: options.maxMessageBytes ?? 1024 * 1024,
    logger: pino({ level: 'warn' }, logSink),
  });
  return fake;
}

function transport(
  port: number,
  auth: { user: string; pass: string } | null = { user: 'SMTP_Injection', pass: goodKey },
  authMethod: 'LOGIN' | 'PLAIN' = 'LOGIN',
) {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    requireTLS: true,
    tls: { rejectUnauthorized: false },
    ...(auth ? { auth } : {}),
    authMethod,
  });
}

const baseMail = {
  from: 'sender@example.test',
  to: 'someone@example.test',
  subject: 'Hello',
  text: 'Message body',
};

async function openConnection(port: number): Promise<SMTPConnection> {
  const connection = new SMTPConnection({
    host: '127.0.0.1',
    port,
    requireTLS: true,
    tls: { rejectUnauthorized: false },
  });
  await new Promise<void>((resolve, reject) =>
    connection.connect((error) => (error ? reject(error) : resolve())),
  );
  await new Promise<void>((resolve, reject) =>
    connection.login({ credentials: { user: 'SMTP_Injection', pass: goodKey } }, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
  return connection;
}

function sendOn(connection: SMTPConnection, to: string, body: string) {
  return new Promise<SMTPConnection.SentMessageInfo>((resolve, reject) =>
    connection.send(
      { from: 'sender@example.test', to: [to] },
      `From: sender@example.test\r\nTo: ${to}\r\nSubject: reuse\r\n\r\n${body}\r\n`,
      (error, info) => (error || !info ? reject(error) : resolve(info)),
    ),
  );
}

describe('SMTP relay', () => {
  it('accepts a message over STARTTLS with AUTH LOGIN and hands over the parsed, removed X-MSYS-API header', async () => {
    const fake = await startRelay();
    const api = {
      campaign_id: 'spring-sale',
      metadata: { customer: 'c-42', note: 'a value long enough to make the header fold across lines' },
      tags: ['welcome'],
      options: { open_tracking: true, transactional: true },
      unknown_key: 'ignored',
    };
    const info = await transport(fake.port).sendMail({
      ...baseMail,
      headers: { 'X-MSYS-API': JSON.stringify(api) },
    });

    expect(fake.authCalls).toEqual([
      { username: 'SMTP_Injection', password: goodKey, remoteAddress: '127.0.0.1' },
    ]);
    expect(fake.submitted).toHaveLength(1);
    const message = fake.submitted[0]!;
    expect(message.mailFrom).toBe('sender@example.test');
    expect(message.recipients).toEqual(['someone@example.test']);
    expect(message.api).toEqual({
      campaign_id: 'spring-sale',
      metadata: api.metadata,
      tags: ['welcome'],
      options: { open_tracking: true, transactional: true },
    });
    const raw = message.raw.toString();
    expect(raw).not.toMatch(/x-msys-api/i);
    expect(raw).toContain('Subject: Hello');
    expect(raw).toContain('Message body');
    expect(info.response).toBe(`250 2.0.0 OK queued as ${message.queueId}`);
  });

  it('accepts AUTH PLAIN and passes the subaccount from the user name', async () => {
    const fake = await startRelay();
    await transport(
      fake.port,
      { user: 'SMTP_Injection:X-MSYS-SUBACCOUNT=123', pass: goodKey },
      'PLAIN',
    ).sendMail(baseMail);
    expect(fake.authCalls).toEqual([
      { username: 'SMTP_Injection', subaccountId: 123, password: goodKey, remoteAddress: '127.0.0.1' },
    ]);
    expect(fake.submitted).toHaveLength(1);
    expect(fake.submitted[0]!.api).toBeUndefined();
  });

  it('refuses a wrong API key with 535 and any other user name without asking deps', async () => {
    const fake = await startRelay();
    await expect(
      transport(fake.port, { user: 'SMTP_Injection', pass: 'wrong' }).sendMail(baseMail),
    ).rejects.toMatchObject({ code: 'EAUTH', responseCode: 535 });
    await expect(
      transport(fake.port, { user: 'api', pass: goodKey }).sendMail(baseMail),
    ).rejects.toMatchObject({
      code: 'EAUTH',
      response: '535 5.7.8 Authentication credentials invalid',
    });
    expect(fake.authCalls.map((call) => call.password)).toEqual(['wrong']);
    expect(fake.submitted).toEqual([]);
  });

  it('passes a refusal from deps (e.g. key without smtp/inject) to the client', async () => {
    const fake = await startRelay({
      authenticate: async () => ({ code: 535, message: '5.7.8 API key lacks the smtp/inject grant' }),
    });
    await expect(transport(fake.port).sendMail(baseMail)).rejects.toMatchObject({
      code: 'EAUTH',
      response: '535 5.7.8 API key lacks the smtp/inject grant',
    });
  });

  it('refuses MAIL FROM before authentication with 530', async () => {
    const fake = await startRelay();
    await expect(transport(fake.port, null).sendMail(baseMail)).rejects.toMatchObject({
      responseCode: 530,
      response: '530 5.7.0 Authentication required',
    });
    expect(fake.submitted).toEqual([]);
  });

  it('lets a loopback client authenticate without STARTTLS', async () => {
    const fake = await startRelay();
    const plain = nodemailer.createTransport({
      host: '127.0.0.1',
      port: fake.port,
      secure: false,
      ignoreTLS: true,
      auth: { user: 'SMTP_Injection', pass: goodKey },
    });
    await plain.sendMail(baseMail);
    expect(fake.submitted).toHaveLength(1);
  });

  it('reports a refused recipient as rejected and submits the message to the others', async () => {
    const fake = await startRelay();
    const info = await transport(fake.port).sendMail({
      ...baseMail,
      to: ['ok@example.test', 'blocked@example.test'],
    });
    expect(info.accepted).toEqual(['ok@example.test']);
    expect(info.rejected).toEqual(['blocked@example.test']);
    expect(info.rejectedErrors?.[0]?.response).toBe('550 5.7.1 Not an authorized recipient');
    expect(fake.submitted[0]!.recipients).toEqual(['ok@example.test']);
  });

  it('accepts at most 1000 recipients per message', async () => {
    const fake = await startRelay();
    const to = Array.from({ length: 1001 }, (_, index) => `r${index}@example.test`);
    const info = await transport(fake.port).sendMail({ ...baseMail, to });
    expect(info.rejected).toEqual(['r1000@example.test']);
    expect(info.rejectedErrors?.[0]?.response).toBe('452 4.5.3 Too many recipients');
    expect(fake.submitted[0]!.recipients).toHaveLength(1000);
  });

  it('refuses an oversized message with 552 after reading all of it, and the connection goes on', async () => {
    const fake = await startRelay({ maxMessageBytes: 10_000 });
    const connection = await openConnection(fake.port);
    try {
      await expect(sendOn(connection, 'someone@example.test', 'x'.repeat(200_000))).rejects.toMatchObject({
        responseCode: 552,
        response: '552 5.3.4 Message too big',
      });
      expect(fake.submitted).toEqual([]);
      const info = await sendOn(connection, 'someone@example.test', 'small');
      expect(info.response).toMatch(/^250 /);
      expect(fake.submitted).toHaveLength(1);
    } finally {
      connection.quit();
    }
  });

  it('refuses a malformed X-MSYS-API header with 550 5.6.0', async () => {
    const fake = await startRelay();
    await expect(
      transport(fake.port).sendMail({ ...baseMail, headers: { 'X-MSYS-API': '{"campaign_id": ' } }),
    ).rejects.toMatchObject({ responseCode: 550, response: '550 5.6.0 X-MSYS-API header is not valid JSON' });
    expect(fake.submitted).toEqual([]);
  });

  it('passes a refusal from submit (e.g. quota) as the DATA reply', async () => {
    const fake = await startRelay({
      submit: async () => ({ code: 452, message: '4.3.1 Sending limit reached' }),
    });
    await expect(transport(fake.port).sendMail(baseMail)).rejects.toMatchObject({
      responseCode: 452,
      response: '452 4.3.1 Sending limit reached',
    });
  });

  it('answers 250 only once submit has resolved', async () => {
    let release = () => {};
    let submitCalled = () => {};
    const called = new Promise<void>((resolve) => {
      submitCalled = resolve;
    });
    const fake = await startRelay({
      submit: () =>
        new Promise((resolve) => {
          release = () => resolve(undefined);
          submitCalled();
        }),
    });
    let answered = false;
    const sending = transport(fake.port)
      .sendMail(baseMail)
      .then((info) => {
        answered = true;
        return info;
      });
    await called;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    release();
    const info = await sending;
    expect(info.response).toMatch(/^250 2\.0\.0 OK queued as /);
  });

  it('turns a failing submit into 451 and logs it', async () => {
    const fake = await startRelay({
      submit: async () => {
        throw new Error('database down');
      },
    });
    await expect(transport(fake.port).sendMail(baseMail)).rejects.toMatchObject({
      responseCode: 451,
      response: '451 4.3.0 Temporary failure, try again',
    });
    expect(fake.logs.join('')).toContain('database down');
  });

  it('takes three messages on one connection, with RSET in between', async () => {
    const fake = await startRelay();
    const connection = await openConnection(fake.port);
    try {
      await sendOn(connection, 'one@example.test', 'first');
      await new Promise<void>((resolve, reject) =>
        connection.reset((error) => (error ? reject(error) : resolve())),
      );
      await sendOn(connection, 'two@example.test', 'second');
      await sendOn(connection, 'three@example.test', 'third');
    } finally {
      connection.quit();
    }
    expect(fake.authCalls).toHaveLength(1);
    expect(fake.submitted.map((message) => message.recipients)).toEqual([
      ['one@example.test'],
      ['two@example.test'],
      ['three@example.test'],
    ]);
    expect(fake.submitted.map((message) => message.raw.toString().includes('third'))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('serves many sessions at once', async () => {
    const fake = await startRelay();
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        transport(fake.port).sendMail({ ...baseMail, to: `user${index}@example.test` }),
      ),
    );
    expect(results.every((info) => info.response.startsWith('250 '))).toBe(true);
    expect(fake.submitted.map((message) => message.recipients[0]).sort()).toEqual(
      Array.from({ length: 25 }, (_, index) => `user${index}@example.test`).sort(),
    );
  });
});
