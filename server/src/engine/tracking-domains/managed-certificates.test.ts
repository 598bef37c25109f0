import { createServer as createTcpServer } from 'node:net';
import { createServer, type Server } from 'node:tls';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../../dns/resolver.ts';
import { EngineError } from '../../engine-error.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dns-server.ts';
import { type EngineAccount, engineAccount } from '../../testing/engine.ts';
import { type CertificateProbe, createCertificateProbe } from './certificate-probe.ts';
import { createTrackingDomainService } from './tracking-domain-service.ts';

const trackingHost = 'track.platform.test';
const name = 'click.managed.test';

const listening = (server: ReturnType<typeof createTcpServer> | Server) =>
  new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });

describe.each(databases)('managed certificates of tracking domains on $name', (database) => {
  let dns: TestDnsServer;
  let tls: Server;
  let certificate: { key: string; cert: string };
  let tlsPort: number;
  let closedPort: number;
  beforeAll(async () => {
    dns = await startTestDnsServer();
    const pems = await generate([{ name: 'commonName', value: name }], {
      keyType: 'rsa',
      keySize: 2048,
      notBeforeDate: new Date(Date.now() - 86_400_000),
      notAfterDate: new Date(Date.now() + 90 * 86_400_000),
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: name }] }],
    });
    certificate = { key: pems.private, cert: pems.cert };
    tls = createServer(certificate, (socket) => socket.end());
    tlsPort = await listening(tls);
    const gone = createTcpServer();
    closedPort = await listening(gone);
    await new Promise((resolve) => gone.close(resolve));
  });
  afterAll(async () => {
    tls.close();
    await dns.close();
  });
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;
  /** What the operator's terminator does now: the test switches it. */
  let answering: CertificateProbe;
  const service = () =>
    createTrackingDomainService({
      store: t.engine.trackingDomains,
      dns: createDnsResolver([dns.address]),
      trackingHost,
      probe: (domain) => answering(domain),
    });
  const viewer = (account: EngineAccount) => ({
    companyId: account.companyId,
    subaccountId: 0,
    isMaster: true,
  });
  const terminator = (port: number, timeoutMs?: number) =>
    createCertificateProbe({
      host: trackingHost,
      port,
      resolve: async () => ['127.0.0.1'],
      ca: [certificate.cert],
      ...(timeoutMs ? { timeoutMs } : {}),
    });

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'managed-a');
    b = await engineAccount(t.app, t.db, 'managed-b');
    await service().create(viewer(a), { domain: name, secure: false, default: false });
    dns.set(name, { CNAME: trackingHost });
    await service().verify(viewer(a), name);
  });

  it('enabling turns https on and stays pending until a trusted certificate for the name answers; verify checks again', async () => {
    answering = terminator(closedPort);
    const enabled = await service().enableCertificate(viewer(a), name);
    expect(enabled).toMatchObject({ secure: true, usesManagedCertificate: true, tls: { status: 'pending' } });
    expect(enabled.tls.error).toContain('ECONNREFUSED');

    answering = terminator(tlsPort);
    const { domain } = await service().verify(viewer(a), name);
    expect(domain.tls).toMatchObject({ status: 'valid', error: undefined });
    expect(domain.tls.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    const shown = await service().get(viewer(a), name);
    expect(shown.tls.status).toBe('valid');
  });

  it('checks without changing anything, and says a check that timed out as such', async () => {
    answering = terminator(closedPort);
    const { check } = await service().checkCertificate(viewer(a), name);
    expect(check.outcome).toBe('unreachable');
    expect((await service().get(viewer(a), name)).tls.status).toBe('valid');

    const silent = createTcpServer(() => {});
    answering = terminator(await listening(silent), 100);
    const timedOut = await service()
      .checkCertificate(viewer(a), name)
      .catch((error: unknown) => error);
    silent.close();
    expect(timedOut).toBeInstanceOf(EngineError);
    expect(timedOut).toMatchObject({
      kind: 'remoteTimeout',
      summary: 'Certificate eligibility check timed out',
    });
  });

  it('another company can neither enable nor check the domain: it is not theirs', async () => {
    answering = terminator(tlsPort);
    for (const attempt of [
      () => service().enableCertificate(viewer(b), name),
      () => service().checkCertificate(viewer(b), name),
    ]) {
      const refused = await attempt().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(EngineError);
      expect((refused as EngineError).kind).toBe('notFound');
    }
  });

  it('turning https off turns the managed certificate off', async () => {
    const plain = await service().update(viewer(a), name, { secure: false });
    expect(plain).toMatchObject({ secure: false, usesManagedCertificate: false, tls: { status: 'unknown' } });
  });
});
