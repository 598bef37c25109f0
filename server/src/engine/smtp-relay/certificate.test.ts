import { X509Certificate } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateCertificate } from './certificate.ts';

describe('loadOrCreateCertificate', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'smtp-cert-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('generates a self-signed certificate once, keeps it under <dataDir>/tls and reuses it', async () => {
    const first = await loadOrCreateCertificate({ dataDir, hostname: 'relay.example.test' });
    const x509 = new X509Certificate(first.cert);
    expect(x509.checkHost('relay.example.test')).toBe('relay.example.test');
    expect(x509.issuer).toBe(x509.subject);
    expect(await readdir(join(dataDir, 'tls'))).toEqual(['smtp-relay.crt', 'smtp-relay.key']);
    expect((await stat(join(dataDir, 'tls', 'smtp-relay.key'))).mode & 0o077).toBe(0);

    const second = await loadOrCreateCertificate({ dataDir, hostname: 'relay.example.test' });
    expect(second).toEqual(first);
  });

  it('replaces the kept certificate when the hostname changes or it is about to expire', async () => {
    const first = await loadOrCreateCertificate({ dataDir, hostname: 'relay.example.test' });
    const renamed = await loadOrCreateCertificate({ dataDir, hostname: '127.0.0.1' });
    expect(renamed.cert).not.toBe(first.cert);
    expect(new X509Certificate(renamed.cert).checkIP('127.0.0.1')).toBe('127.0.0.1');

    const inFiveYears = new Date(Date.now() + 5 * 365 * 24 * 60 * 60 * 1000);
    const renewed = await loadOrCreateCertificate({ dataDir, hostname: '127.0.0.1', now: inFiveYears });
    expect(renewed.cert).not.toBe(renamed.cert);
  });

  it('uses the configured PEM files and insists on both', async () => {
    const certFile = join(dataDir, 'cert.pem');
    const keyFile = join(dataDir, 'key.pem');
    await writeFile(certFile, 'CERT');
    await writeFile(keyFile, 'KEY');
    expect(await loadOrCreateCertificate({ certFile, keyFile, dataDir, hostname: 'x' })).toEqual({
      cert: 'CERT',
      key: 'KEY',
    });
    await expect(loadOrCreateCertificate({ certFile, dataDir, hostname: 'x' })).rejects.toThrow(/both/);
  });

  it('writes nothing for memory://', async () => {
    const pems = await loadOrCreateCertificate({ dataDir: 'memory://', hostname: 'localhost' });
    expect(new X509Certificate(pems.cert).checkHost('localhost')).toBe('localhost');
    expect(await readdir(process.cwd())).not.toContain('memory:');
  });
});
