import { afterEach, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../dns/resolver.ts';
import { startTestDnsServer, type TestDnsServer, type ZoneEntry } from '../testing/dns-server.ts';
import { type SmtpReceiver, type SmtpReceiverOptions, startSmtpReceiver } from '../testing/smtp-receiver.ts';
import type { MtaStsLookup } from './mta-sts.ts';
import { createSmtpTransport, type SmtpTransport, type SmtpTransportOptions } from './smtp-transport.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function dns(zone: Record<string, ZoneEntry>): Promise<TestDnsServer> {
  const server = await startTestDnsServer(zone);
  cleanups.push(() => server.close());
  return server;
}

async function receiver(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const started = await startSmtpReceiver(options);
  cleanups.push(() => started.close());
  return started;
}

function transport(
  dnsServer: string,
  port: number,
  options: Partial<SmtpTransportOptions> = {},
): SmtpTransport {
  const created = createSmtpTransport({
    resolver: createDnsResolver([dnsServer], 500),
    port,
    heloName: 'sender.test',
    maxConnectionsPerDomain: 5,
    messagesPerConnection: 100,
    timeouts: { connectMs: 1_000, greetingMs: 1_000, socketMs: 1_000, idleMs: 500 },
    ...options,
  });
  cleanups.push(() => created.close());
  return created;
}

function message(rcptTo: string, body = 'Hello') {
  const raw = Buffer.from(`From: a@sender.test\r\nTo: ${rcptTo}\r\nSubject: Test\r\n\r\n${body}\r\n`);
  return { mailFrom: 'bounces@sender.test', rcptTo, raw };
}

describe('SMTP transport, direct to MX', () => {
  it('delivers to the most preferred MX host', async () => {
    const preferred = await receiver({ host: '127.0.0.5' });
    const backup = await receiver({ host: '127.0.0.6', port: preferred.port });
    const zone = await dns({
      'dest.test': {
        MX: [
          { exchange: 'mx2.dest.test', priority: 20 },
          { exchange: 'mx1.dest.test', priority: 10 },
        ],
      },
      'mx1.dest.test': { A: ['127.0.0.5'] },
      'mx2.dest.test': { A: ['127.0.0.6'] },
    });
    const outcome = await transport(zone.address, preferred.port).deliver(message('ada@dest.test'));
    expect(outcome).toMatchObject({
      status: 'delivered',
      host: 'mx1.dest.test',
      ip: '127.0.0.5',
      tls: false,
    });
    expect(outcome.reply.code).toBe(250);
    expect(preferred.messages).toHaveLength(1);
    expect(preferred.messages[0]).toMatchObject({
      mailFrom: 'bounces@sender.test',
      rcptTo: ['ada@dest.test'],
    });
    expect(preferred.messages[0]?.raw.toString()).toContain('Subject: Test');
    expect(backup.messages).toHaveLength(0);
  });

  it('refuses an MX on a private network when DELIVERY_PRIVATE_NETWORKS=deny, without connecting', async () => {
    const inside = await receiver({ host: '127.0.0.7' });
    const zone = await dns({
      'intranet.test': { MX: [{ exchange: 'mx.intranet.test', priority: 10 }] },
      'mx.intranet.test': { A: ['127.0.0.7'] },
    });
    const outcome = await transport(zone.address, inside.port, { privateNetworks: 'deny' }).deliver(
      message('admin@intranet.test'),
    );
    expect(outcome).toMatchObject({ status: 'failed', reply: { code: 550, enhanced: '5.4.4' } });
    expect(outcome.reply.text).toContain('private network');
    expect(inside.connections()).toBe(0);
  });

  it('judges an MX address carrying an IPv4 one as that address (DELIVERY_PRIVATE_NETWORKS=deny)', async () => {
    const zone = await dns({
      'tunnel.test': { MX: [{ exchange: 'mx.tunnel.test', priority: 10 }] },
      'mx.tunnel.test': { AAAA: ['::7f00:7', '::ffff:7f00:7', '64:ff9b::a00:7'] },
    });
    const outcome = await transport(zone.address, 25, { privateNetworks: 'deny' }).deliver(
      message('admin@tunnel.test'),
    );
    expect(outcome).toMatchObject({ status: 'failed', reply: { code: 550, enhanced: '5.4.4' } });
  });

  it('falls back to the next MX host when the first refuses connections', async () => {
    const backup = await receiver({ host: '127.0.0.6' });
    const zone = await dns({
      'dest.test': {
        MX: [
          { exchange: 'down.dest.test', priority: 10 },
          { exchange: 'mx2.dest.test', priority: 20 },
        ],
      },
      'down.dest.test': { A: ['127.0.0.7'] },
      'mx2.dest.test': { A: ['127.0.0.6'] },
    });
    const outcome = await transport(zone.address, backup.port).deliver(message('ada@dest.test'));
    expect(outcome).toMatchObject({ status: 'delivered', host: 'mx2.dest.test' });
    expect(backup.messages).toHaveLength(1);
  });

  it('tries the next MX host when the first answers 421 at the greeting', async () => {
    const busy = await receiver({ host: '127.0.0.5', greeting: { code: 421, text: '4.3.2 Try later' } });
    const backup = await receiver({ host: '127.0.0.6', port: busy.port });
    const zone = await dns({
      'dest.test': {
        MX: [
          { exchange: 'mx1.dest.test', priority: 10 },
          { exchange: 'mx2.dest.test', priority: 20 },
        ],
      },
      'mx1.dest.test': { A: ['127.0.0.5'] },
      'mx2.dest.test': { A: ['127.0.0.6'] },
    });
    const outcome = await transport(zone.address, busy.port).deliver(message('ada@dest.test'));
    expect(outcome).toMatchObject({ status: 'delivered', host: 'mx2.dest.test' });
    expect(backup.messages).toHaveLength(1);
  });

  it('defers with the last reply when no MX host can be reached', async () => {
    const zone = await dns({
      'dest.test': { MX: [{ exchange: 'down.dest.test', priority: 10 }] },
      'down.dest.test': { A: ['127.0.0.7'] },
    });
    const outcome = await transport(zone.address, 2).deliver(message('ada@dest.test'));
    expect(outcome).toMatchObject({ status: 'deferred', host: 'down.dest.test', reply: { code: 421 } });
    expect(outcome.reply.text).toMatch(/ECONNREFUSED/);
  });

  it('delivers to the domain address when it has no MX record', async () => {
    const target = await receiver();
    const zone = await dns({ 'plain.test': { A: ['127.0.0.1'] } });
    const outcome = await transport(zone.address, target.port).deliver(message('ada@plain.test'));
    expect(outcome).toMatchObject({ status: 'delivered', host: 'plain.test', ip: '127.0.0.1' });
    expect(target.messages).toHaveLength(1);
  });

  it('fails a domain with a null MX or no such domain, and defers when DNS does not answer', async () => {
    const zone = await dns({ 'nullmx.test': { MX: [{ exchange: '', priority: 0 }] } });
    const deliver = transport(zone.address, 2).deliver;
    expect(await deliver(message('ada@nullmx.test'))).toMatchObject({
      status: 'failed',
      reply: { code: 556, enhanced: '5.1.10' },
    });
    expect(await deliver(message('ada@missing.test'))).toMatchObject({
      status: 'failed',
      reply: { code: 550, enhanced: '5.1.2' },
    });
    const down = await transport('127.0.0.1:1', 2).deliver(message('ada@dest.test'));
    expect(down).toMatchObject({ status: 'deferred', reply: { code: 451, enhanced: '4.4.3' } });
  });

  it('gives each refusal its reply: 550 fails, 451 defers, a drop mid-DATA defers', async () => {
    const target = await receiver();
    target.setRule('gone@dest.test', { reply: { code: 550, enhanced: '5.1.1', text: 'No such user' } });
    target.setRule('later@dest.test', {
      reply: { code: 451, enhanced: '4.7.1', text: 'Greylisted' },
      times: 1,
    });
    target.setRule('drop@dest.test', { drop: 'data' });
    const zone = await dns({ 'dest.test': { A: ['127.0.0.1'] } });
    const { deliver } = transport(zone.address, target.port);
    expect(await deliver(message('gone@dest.test'))).toMatchObject({
      status: 'failed',
      reply: { code: 550, enhanced: '5.1.1', text: 'No such user' },
    });
    expect(await deliver(message('later@dest.test'))).toMatchObject({
      status: 'deferred',
      reply: { code: 451, enhanced: '4.7.1', text: 'Greylisted' },
    });
    expect(await deliver(message('later@dest.test'))).toMatchObject({ status: 'delivered' });
    expect(await deliver(message('drop@dest.test'))).toMatchObject({
      status: 'deferred',
      reply: { code: 451 },
    });
    expect(await deliver(message('ok@dest.test'))).toMatchObject({ status: 'delivered' });
    expect(target.messages.map((received) => received.rcptTo[0])).toEqual([
      'later@dest.test',
      'ok@dest.test',
    ]);
    // Refusals end with RSET on the same connection; only the one cut mid-DATA is replaced.
    expect(target.connections()).toBe(2);
  });

  it('uses STARTTLS when offered, and cleartext when the handshake fails', async () => {
    const secure = await receiver({ starttls: true });
    const zone = await dns({ 'dest.test': { A: ['127.0.0.1'] } });
    const outcome = await transport(zone.address, secure.port).deliver(message('ada@dest.test'));
    expect(outcome).toMatchObject({ status: 'delivered', tls: true });
    expect(secure.messages[0]?.tls).toBe(true);

    const broken = await receiver({ starttls: 'broken' });
    const fallback = await transport(zone.address, broken.port).deliver(message('ada@dest.test'));
    expect(fallback).toMatchObject({ status: 'delivered', tls: false });
    expect(broken.messages[0]?.tls).toBe(false);
  });

  it('reuses a connection for several messages', async () => {
    const target = await receiver();
    const zone = await dns({ 'dest.test': { A: ['127.0.0.1'] } });
    const { deliver } = transport(zone.address, target.port, { messagesPerConnection: 4 });
    for (let at = 0; at < 10; at += 1) {
      expect(await deliver(message(`r${at}@dest.test`))).toMatchObject({ status: 'delivered' });
    }
    expect(target.messages).toHaveLength(10);
    expect(target.connections()).toBe(3);
  });

  it('opens a new connection when the server dropped the idle one', async () => {
    const target = await receiver();
    const zone = await dns({ 'dest.test': { A: ['127.0.0.1'] } });
    const { deliver } = transport(zone.address, target.port);
    expect(await deliver(message('ada@dest.test'))).toMatchObject({ status: 'delivered' });
    target.dropConnections();
    expect(await deliver(message('bob@dest.test'))).toMatchObject({ status: 'delivered' });
    expect(target.messages).toHaveLength(2);
    expect(target.connections()).toBe(2);
  });

  it('keeps to the per-domain connection cap under 50 parallel jobs', async () => {
    const target = await receiver();
    const zone = await dns({ 'dest.test': { A: ['127.0.0.1'] } });
    const { deliver } = transport(zone.address, target.port, { maxConnectionsPerDomain: 3 });
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, at) => deliver(message(`r${at}@dest.test`))),
    );
    expect(outcomes.every((outcome) => outcome.status === 'delivered')).toBe(true);
    expect(target.messages).toHaveLength(50);
    expect(target.maxConcurrentConnections()).toBeLessThanOrEqual(3);
    expect(target.connections()).toBeLessThanOrEqual(3);
  });

  it('binds the socket to the job’s local address', async () => {
    const target = await receiver();
    const zone = await dns({ 'dest.test': { A: ['127.0.0.1'] } });
    const { deliver } = transport(zone.address, target.port);
    const outcome = await deliver({ ...message('ada@dest.test'), localAddress: '127.0.0.2' });
    expect(outcome).toMatchObject({ status: 'delivered', localAddress: '127.0.0.2' });
    await deliver({ ...message('bob@dest.test'), localAddress: '127.0.0.3' });
    expect(target.messages.map((received) => received.remoteAddress)).toEqual(['127.0.0.2', '127.0.0.3']);
  });
});

describe('SMTP transport, MTA-STS', () => {
  const zoneOf = () =>
    dns({
      'dest.test': {
        MX: [
          { exchange: 'rogue.dest.test', priority: 5 },
          { exchange: 'mx1.dest.test', priority: 10 },
        ],
      },
      'rogue.dest.test': { A: ['127.0.0.6'] },
      'mx1.dest.test': { A: ['127.0.0.5'] },
    });
  const enforce: MtaStsLookup = async () => ({ mode: 'enforce', mx: ['mx1.dest.test'] });

  it('under an enforced policy, delivers only to the MX hosts it names, over verified TLS', async () => {
    const named = await receiver({ host: '127.0.0.5', starttls: true, tlsHostname: 'mx1.dest.test' });
    const rogue = await receiver({ host: '127.0.0.6', port: named.port });
    const zone = await zoneOf();
    const outcome = await transport(zone.address, named.port, {
      mtaSts: enforce,
      ca: named.certificate,
    }).deliver(message('ada@dest.test'));
    expect(outcome).toMatchObject({ status: 'delivered', host: 'mx1.dest.test', tls: true });
    expect(rogue.messages).toHaveLength(0);
  });

  it('defers rather than send in cleartext or to a host whose certificate does not verify', async () => {
    const plain = await receiver({ host: '127.0.0.5' });
    const zone = await zoneOf();
    const cleartext = await transport(zone.address, plain.port, { mtaSts: enforce }).deliver(
      message('ada@dest.test'),
    );
    expect(cleartext).toMatchObject({ status: 'deferred', reply: { code: 451, enhanced: '4.7.5' } });

    const selfSigned = await receiver({ host: '127.0.0.5', starttls: true, tlsHostname: 'mx1.dest.test' });
    const untrusted = await transport(zone.address, selfSigned.port, { mtaSts: enforce }).deliver(
      message('ada@dest.test'),
    );
    expect(untrusted).toMatchObject({ status: 'deferred', reply: { code: 451, enhanced: '4.7.5' } });
    expect([...plain.messages, ...selfSigned.messages]).toHaveLength(0);
  });

  it('reads no policy for a domain without an _mta-sts record, and delivers as usual', async () => {
    const target = await receiver({ host: '127.0.0.5' });
    const zone = await zoneOf();
    const outcome = await transport(zone.address, target.port).deliver(message('ada@dest.test'));
    expect(outcome).toMatchObject({ status: 'delivered', host: 'mx1.dest.test', tls: false });
  });
});

describe('SMTP transport, through a smarthost', () => {
  it('sends every message with AUTH over verified STARTTLS, reusing the connection', async () => {
    const smarthost = await receiver({ starttls: true, auth: { user: 'relay', pass: 'secret' } });
    const { deliver } = transport('127.0.0.1:1', 2, {
      smarthost: {
        host: '127.0.0.1',
        port: smarthost.port,
        auth: { user: 'relay', pass: 'secret' },
        tls: 'starttls',
      },
      ca: smarthost.certificate,
    });
    expect(await deliver(message('ada@anywhere.test'))).toMatchObject({ status: 'delivered', tls: true });
    expect(await deliver(message('bob@elsewhere.test'))).toMatchObject({ status: 'delivered', tls: true });
    expect(smarthost.messages.map((received) => [received.rcptTo[0], received.tls])).toEqual([
      ['ada@anywhere.test', true],
      ['bob@elsewhere.test', true],
    ]);
    expect(smarthost.logins).toEqual(['relay']);
    expect(smarthost.connections()).toBe(1);
  });

  it('speaks TLS from the first byte with SMARTHOST_TLS=tls', async () => {
    const smarthost = await receiver({ secure: true });
    const outcome = await transport('127.0.0.1:1', 2, {
      smarthost: { host: '127.0.0.1', port: smarthost.port, tls: 'tls' },
      ca: smarthost.certificate,
    }).deliver(message('ada@anywhere.test'));
    expect(outcome).toMatchObject({ status: 'delivered', tls: true, host: '127.0.0.1' });
    expect(smarthost.messages[0]?.tls).toBe(true);
  });

  it('defers when the smarthost refuses the credentials or its certificate is not trusted', async () => {
    const smarthost = await receiver({ starttls: true, auth: { user: 'relay', pass: 'secret' } });
    const wrongPassword = await transport('127.0.0.1:1', 2, {
      smarthost: {
        host: '127.0.0.1',
        port: smarthost.port,
        auth: { user: 'relay', pass: 'nope' },
        tls: 'starttls',
      },
      ca: smarthost.certificate,
    }).deliver(message('ada@anywhere.test'));
    expect(wrongPassword).toMatchObject({ status: 'deferred', reply: { code: 535 } });
    const untrusted = await transport('127.0.0.1:1', 2, {
      smarthost: { host: '127.0.0.1', port: smarthost.port, tls: 'starttls' },
    }).deliver(message('ada@anywhere.test'));
    expect(untrusted).toMatchObject({ status: 'deferred' });
    expect(smarthost.messages).toHaveLength(0);
  });
});
