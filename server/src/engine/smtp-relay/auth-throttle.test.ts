import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestRelays } from '../../testing/relay.ts';
import { type AuthThrottleSettings, createAuthThrottle, defaultAuthThrottle } from './auth-throttle.ts';
import type { RelayDeps } from './relay-deps.ts';

const goodKey = 'good-api-key';
const startTestRelay = useTestRelays();

function startRelay(settings: AuthThrottleSettings = defaultAuthThrottle): Promise<number> {
  const deps: RelayDeps = {
    authenticate: async (input) =>
      input.password === goodKey ? { companyId: 'c', subaccountId: 0, keyId: 'k' } : null,
    checkRecipient: async () => undefined,
    submit: async () => undefined,
  };
  return startTestRelay(deps, { authThrottle: createAuthThrottle(settings) });
}

const plain = (password: string) => Buffer.from(`\0SMTP_Injection\0${password}`).toString('base64');

/** A plain-text SMTP client on loopback (where AUTH needs no TLS): each reply (greeting, EHLO, then one per command) with its arrival time. */
async function rawClient(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  const replies: Array<{ line: string; at: number }> = [];
  let closed = false;
  let buffer = '';
  const waiters: Array<() => void> = [];
  socket.on('data', (chunk) => {
    buffer += chunk.toString();
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      // Multi-line replies (EHLO) count once, at their last line.
      if (/^\d{3} /.test(line)) replies.push({ line, at: Date.now() });
    }
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on('close', () => {
    closed = true;
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on('error', () => {});
  const replyCount = async (count: number) => {
    while (replies.length < count && !closed) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  await replyCount(1);
  socket.write('EHLO client.test\r\n');
  await replyCount(2);
  return {
    replies,
    isClosed: () => closed,
    /** Sends `command` and waits for its reply (or the close). */
    async command(command: string) {
      const expected = replies.length + 1;
      if (!closed) socket.write(`${command}\r\n`);
      await replyCount(expected);
      return replies[expected - 1]?.line;
    },
    async closedSoon() {
      await replyCount(Number.POSITIVE_INFINITY);
    },
    end: () => socket.destroy(),
  };
}

describe('SMTP AUTH throttling', () => {
  it('answers a flood of wrong keys on one connection with two 535s and a 421, then closes', async () => {
    const port = await startRelay();
    const client = await rawClient(port);
    const start = Date.now();
    const answers: Array<string | undefined> = [];
    for (let attempt = 0; attempt < 300 && !client.isClosed(); attempt += 1) {
      answers.push(await client.command(`AUTH PLAIN ${plain(`wrong-${attempt}`)}`));
    }
    await client.closedSoon();
    expect(client.isClosed()).toBe(true);
    expect(answers.filter(Boolean).map((answer) => answer?.slice(0, 3))).toEqual(['535', '535', '421']);
    // 250 + 500 + 1000 ms of delays: no longer hundreds of guesses a second.
    expect(Date.now() - start).toBeGreaterThanOrEqual(1700);
  });

  it('slows down each failure from an address, across its connections, and then refuses it even the right key', async () => {
    const port = await startRelay({
      failuresPerConnection: 3,
      failuresPerAddress: 5,
      windowMs: 60_000,
      baseDelayMs: 20,
      maxDelayMs: 1_000,
    });
    const first = await rawClient(port);
    const sent: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      sent.push(Date.now());
      await first.command(`AUTH PLAIN ${plain('wrong')}`);
    }
    await first.closedSoon();
    const second = await rawClient(port);
    sent.push(Date.now());
    expect(await second.command(`AUTH PLAIN ${plain('wrong')}`)).toMatch(/^535 /);
    sent.push(Date.now());
    expect(await second.command(`AUTH PLAIN ${plain('wrong')}`)).toMatch(/^421 /);
    const waited = [...first.replies.slice(2), ...second.replies.slice(2)].map(
      (reply, index) => reply.at - (sent[index] ?? 0),
    );
    // 20, 40, 80, 160, 320 ms: the delay doubles across connections of the same address.
    expect(waited[3]).toBeGreaterThanOrEqual(150);
    expect(waited[4]).toBeGreaterThanOrEqual(300);

    const third = await rawClient(port);
    expect(await third.command(`AUTH PLAIN ${plain(goodKey)}`)).toMatch(/^421 4\.7\.0 Too many failed/);
    await third.closedSoon();
    expect(third.isClosed()).toBe(true);
  });

  it('lets a client that gets its key right within the limits in', async () => {
    const port = await startRelay({ ...defaultAuthThrottle, baseDelayMs: 1 });
    const client = await rawClient(port);
    expect(await client.command(`AUTH PLAIN ${plain('typo')}`)).toMatch(/^535 /);
    expect(await client.command(`AUTH PLAIN ${plain(goodKey)}`)).toMatch(/^235 /);
    client.end();
  });
});
