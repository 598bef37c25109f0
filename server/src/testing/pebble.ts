import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** Debian's package "pebble": Let's Encrypt's ACME test server. */
export const pebbleBinary = '/usr/bin/pebble';
export const hasPebble = existsSync(pebbleBinary);

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface Pebble {
  directoryUrl: string;
  /** The CA file of Pebble's own HTTPS certificate (ACME_CA_FILE). */
  caFile: string;
  /** The PEM of the root that signs the certificates Pebble issues. */
  issuingRoot(): Promise<string>;
}

const get = (url: string, ca: Buffer) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    request(url, { ca }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });

/**
 * Pebble for the calling describe's tests: its HTTPS certificate made with openssl, HTTP-01 checked
 * on port `httpPort` of the addresses `dnsServer()` gives (the test DNS server), no waiting between
 * checks. Started before the hooks registered after this call; read it inside hooks and tests.
 */
export function usePebble(options: { dnsServer: () => string; httpPort: () => number }): Pebble {
  let child: ChildProcess | undefined;
  let dir = '';
  let started: { directoryUrl: string; caFile: string; managementUrl: string } | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pebble-'));
    const caFile = path.join(dir, 'cert.pem');
    const keyFile = path.join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '2',
        '-keyout',
        keyFile,
        '-out',
        caFile,
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    const [acmePort, managementPort] = [await freeLocalPort(), await freeLocalPort()];
    const config = path.join(dir, 'pebble.json');
    writeFileSync(
      config,
      JSON.stringify({
        pebble: {
          listenAddress: `127.0.0.1:${acmePort}`,
          managementListenAddress: `127.0.0.1:${managementPort}`,
          certificate: caFile,
          privateKey: keyFile,
          httpPort: options.httpPort(),
          tlsPort: await freeLocalPort(),
          ocspResponderURL: '',
          externalAccountBindingRequired: false,
        },
      }),
    );
    child = spawn(pebbleBinary, ['-config', config, '-dnsserver', options.dnsServer(), '-strict=false'], {
      env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
      stdio: 'ignore',
    });
    const directoryUrl = `https://127.0.0.1:${acmePort}/dir`;
    const ca = readFileSync(caFile);
    for (let tries = 0; ; tries++) {
      const answer = await get(directoryUrl, ca).catch(() => undefined);
      if (answer?.status === 200) break;
      if (tries > 100) throw new Error('Pebble did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    started = { directoryUrl, caFile, managementUrl: `https://127.0.0.1:${managementPort}` };
  });
  afterAll(() => {
    child?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const ready = () => {
    if (!started) throw new Error('Pebble starts in beforeAll: use it inside hooks and tests');
    return started;
  };
  return {
    get directoryUrl() {
      return ready().directoryUrl;
    },
    get caFile() {
      return ready().caFile;
    },
    async issuingRoot() {
      const { managementUrl, caFile } = ready();
      return (await get(`${managementUrl}/roots/0`, readFileSync(caFile))).body;
    },
  };
}
