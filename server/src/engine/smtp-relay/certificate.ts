import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface TlsCertificate {
  key: string;
  cert: string;
}

const inMemory = 'memory://';
const validDays = 5 * 365;
/** A stored certificate this close to expiry is replaced at start-up. */
const renewBeforeMs = 30 * 24 * 60 * 60 * 1000;

async function generateSelfSigned(hostname: string, now: Date): Promise<TlsCertificate> {
  const notAfterDate = new Date(now.getTime() + validDays * 24 * 60 * 60 * 1000);
  const altName = isIP(hostname) ? { type: 7 as const, ip: hostname } : { type: 2 as const, value: hostname };
  const pems = await generate([{ name: 'commonName', value: hostname }], {
    keyType: 'rsa',
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [altName] },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

function stillUsable(stored: TlsCertificate, hostname: string, now: Date): boolean {
  try {
    const x509 = new X509Certificate(stored.cert);
    const matches = isIP(hostname) ? x509.checkIP(hostname) : x509.checkHost(hostname);
    return (
      matches !== undefined &&
      Date.parse(x509.validTo) - now.getTime() > renewBeforeMs &&
      x509.checkPrivateKey(createPrivateKey(stored.key))
    );
  } catch {
    return false;
  }
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function writeAtomically(path: string, content: string, mode: number): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode });
  await rename(temporary, path);
}

/**
 * The SMTP relay's STARTTLS certificate: the operator's PEM files when both are configured, otherwise a
 * self-signed one generated on first start and kept under `<dataDir>/tls/` (in memory only for `memory://`).
 * A kept certificate is replaced when the hostname changed, it is about to expire or its key does not match.
 */
export async function loadOrCreateCertificate(options: {
  certFile?: string;
  keyFile?: string;
  dataDir: string;
  hostname: string;
  now?: Date;
}): Promise<TlsCertificate> {
  const now = options.now ?? new Date();
  if (options.certFile || options.keyFile) {
    if (!options.certFile || !options.keyFile) {
      throw new Error('SMTP TLS needs both a certificate file and a key file');
    }
    const [cert, key] = await Promise.all([
      readFile(options.certFile, 'utf8'),
      readFile(options.keyFile, 'utf8'),
    ]);
    return { key, cert };
  }
  if (options.dataDir === inMemory) return generateSelfSigned(options.hostname, now);

  const dir = join(options.dataDir, 'tls');
  const certPath = join(dir, 'smtp-relay.crt');
  const keyPath = join(dir, 'smtp-relay.key');
  const [cert, key] = await Promise.all([readIfPresent(certPath), readIfPresent(keyPath)]);
  if (cert && key && stillUsable({ key, cert }, options.hostname, now)) return { key, cert };

  const created = await generateSelfSigned(options.hostname, now);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // A crash between the two writes leaves a pair that does not match, which the next start replaces.
  await writeAtomically(keyPath, created.key, 0o600);
  await writeAtomically(certPath, created.cert, 0o644);
  return created;
}
