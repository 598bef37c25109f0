import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadOrCreateCertificate, type TlsCertificate } from '../engine/smtp-relay/certificate.ts';
import type { RelayDeps } from '../engine/smtp-relay/relay-deps.ts';
import { createSmtpRelay, type SmtpRelay, type SmtpRelayOptions } from '../engine/smtp-relay/smtp-relay.ts';

/**
 * SMTP relays on loopback for the tests of the calling file: one TLS certificate for all, each
 * relay closed after its test (`closeAfter: 'each'`) or after the file's tests (`'all'`, for a relay
 * started in beforeAll). Returns a function that starts one and answers its port.
 */
export function useTestRelays(closeAfter: 'each' | 'all' = 'each') {
  let tls: TlsCertificate | undefined;
  const running: SmtpRelay[] = [];
  beforeAll(async () => {
    tls = await loadOrCreateCertificate({ dataDir: 'memory://', hostname: 'localhost' });
  });
  (closeAfter === 'each' ? afterEach : afterAll)(async () => {
    await Promise.all(running.splice(0).map((relay) => relay.close()));
  });

  return async function startRelay(
    deps: RelayDeps,
    options: Partial<SmtpRelayOptions> = {},
  ): Promise<number> {
    if (!tls) throw new Error('start relays inside hooks and tests: the certificate is made in beforeAll');
    const relay = createSmtpRelay(deps, {
      host: '127.0.0.1',
      port: 0,
      maxMessageBytes: 1024 * 1024,
      tls,
      logger: pino({ level: 'silent' }),
      hostname: 'relay.test',
      ...options,
    });
    running.push(relay);
    return relay.listen();
  };
}

/** The options of a client of the test relay on `port`: STARTTLS (its certificate is the tests' own), AUTH with the API key. */
export const relayClientOptions = (port: number, key: string, user = 'SMTP_Injection') => ({
  host: '127.0.0.1',
  port,
  secure: false,
  requireTLS: true,
  tls: { rejectUnauthorized: false },
  auth: { user, pass: key },
});

/** A client of the test relay as SparkPost's SMTP clients connect (relayClientOptions). */
export const relayClient = (port: number, key: string, user?: string) =>
  nodemailer.createTransport(relayClientOptions(port, key, user));
