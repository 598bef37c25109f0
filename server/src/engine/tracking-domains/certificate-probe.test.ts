import { createServer as createTcpServer, type Server } from 'node:net';
import { createSecureContext, createServer, type Server as TlsServer } from 'node:tls';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateProbe } from './certificate-probe.ts';

const day = 86_400_000;

/** A self-signed certificate for `name`, valid from `from` to `to`. */
async function certificateFor(name: string, from: Date, to: Date) {
  const pems = await generate([{ name: 'commonName', value: name }], {
    keyType: 'rsa',
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: from,
    notAfterDate: to,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: name }] }],
  });
  return { key: pems.private, cert: pems.cert };
}

const listening = (server: Server | TlsServer) =>
  new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });

describe('the certificate probe of a tracking domain', () => {
  const now = Date.now();
  let current: { key: string; cert: string };
  let expired: { key: string; cert: string };
  let tls: TlsServer;
  let silent: Server;
  let tlsPort: number;
  let silentPort: number;

  beforeAll(async () => {
    current = await certificateFor('click.probe.test', new Date(now - day), new Date(now + 90 * day));
    expired = await certificateFor('old.probe.test', new Date(now - 90 * day), new Date(now - day));
    // The operator's TLS terminator: one certificate per name by SNI, the current one otherwise.
    tls = createServer({
      ...current,
      SNICallback: (servername, callback) =>
        callback(null, createSecureContext(servername === 'old.probe.test' ? expired : current)),
    });
    tls.on('secureConnection', (socket) => socket.end());
    tlsPort = await listening(tls);
    silent = createTcpServer(() => {});
    silentPort = await listening(silent);
  });
  afterAll(() => {
    tls.close();
    silent.close();
  });

  const probe = (port: number, ca?: string[], timeoutMs?: number) =>
    createCertificateProbe({
      host: 'tls.platform.test',
      port,
      resolve: async () => ['127.0.0.1'],
      ...(ca ? { ca } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
    });

  it('is valid when a trusted certificate for the name answers, with its dates', async () => {
    const check = await probe(tlsPort, [current.cert, expired.cert])('click.probe.test');
    expect(check).toMatchObject({ outcome: 'valid' });
    if (check.outcome !== 'valid') return;
    expect(check.expiresAt.getTime()).toBeGreaterThan(now + 89 * day);
    expect(check.issuedAt.getTime()).toBeLessThan(now);
  });

  it('is invalid for an untrusted certificate or one for another name, and expired past its end', async () => {
    expect(await probe(tlsPort)('click.probe.test')).toMatchObject({
      outcome: 'invalid',
      error: expect.stringMatching(/^The certificate for click\.probe\.test is not trusted/),
    });
    expect(await probe(tlsPort, [current.cert])('other.probe.test')).toMatchObject({
      outcome: 'invalid',
      error: expect.stringMatching(/^The certificate answering for other\.probe\.test is not for it/),
    });
    expect(await probe(tlsPort, [expired.cert])('old.probe.test')).toMatchObject({ outcome: 'expired' });
  });

  it('is unreachable when nothing answers TLS or the host has no address, and times out on silence', async () => {
    const gone = createTcpServer();
    const closedPort = await listening(gone);
    await new Promise((resolve) => gone.close(resolve));
    expect(await probe(closedPort)('click.probe.test')).toMatchObject({
      outcome: 'unreachable',
      error: expect.stringContaining('ECONNREFUSED'),
    });
    const nowhere = createCertificateProbe({ host: 'none.test', port: tlsPort, resolve: async () => [] });
    expect(await nowhere('click.probe.test')).toEqual({
      outcome: 'unreachable',
      error: 'none.test has no address',
    });
    expect(await probe(silentPort, undefined, 200)('click.probe.test')).toMatchObject({ outcome: 'timeout' });
  });
});
