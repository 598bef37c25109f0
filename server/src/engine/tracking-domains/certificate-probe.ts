import { isIP } from 'node:net';
import { checkServerIdentity, connect, type PeerCertificate } from 'node:tls';

/** What answered for a name at the server's HTTPS endpoint. */
export type CertificateCheck =
  /** A certificate trusted and valid for the name, now. */
  | { outcome: 'valid'; issuedAt: Date; expiresAt: Date }
  /** The name's certificate, past its end. */
  | { outcome: 'expired'; issuedAt: Date; expiresAt: Date; error: string }
  /** A certificate answered, but not one a browser would take for the name (untrusted, another name). */
  | { outcome: 'invalid'; issuedAt?: Date; expiresAt?: Date; error: string }
  /** Nothing answered TLS for the name (no address, refused, a TLS alert). */
  | { outcome: 'unreachable'; error: string }
  | { outcome: 'timeout'; error: string };

export type CertificateProbe = (name: string) => Promise<CertificateCheck>;

export interface ProbeTarget {
  /** The host tracking domains are a CNAME of (PUBLIC_URL's): its TLS terminator serves their names. */
  host: string;
  port: number;
  resolve(host: string): Promise<string[]>;
  /** Trusted roots instead of Node's (tests); Node's bundled roots when absent. */
  ca?: string[];
  timeoutMs?: number;
}

const datesOf = (certificate: PeerCertificate) => ({
  issuedAt: new Date(certificate.valid_from),
  expiresAt: new Date(certificate.valid_to),
});

/**
 * Asks the server's own HTTPS endpoint (`host`:`port`) for `name` by SNI and judges the certificate
 * it answers with as a browser would: trusted, for that name, not expired. Only the operator's host
 * is ever connected to, whatever the name: no request goes where a caller points it.
 */
export function createCertificateProbe(target: ProbeTarget): CertificateProbe {
  const timeoutMs = target.timeoutMs ?? 5_000;
  return async (name) => {
    let addresses: string[];
    try {
      addresses = isIP(target.host) ? [target.host] : await target.resolve(target.host);
    } catch (error) {
      return { outcome: 'unreachable', error: `${target.host} could not be resolved (${codeOf(error)})` };
    }
    const [address] = addresses;
    if (address === undefined) return { outcome: 'unreachable', error: `${target.host} has no address` };
    return handshake(address, name, target, timeoutMs);
  };
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

function handshake(address: string, name: string, target: ProbeTarget, timeoutMs: number) {
  return new Promise<CertificateCheck>((resolve) => {
    const where = `https://${name}/ at ${target.host}:${target.port}`;
    const socket = connect({
      host: address,
      port: target.port,
      servername: name,
      rejectUnauthorized: false,
      ...(target.ca ? { ca: target.ca } : {}),
    });
    const done = (check: CertificateCheck) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(check);
    };
    const timer = setTimeout(
      () => done({ outcome: 'timeout', error: `${where} did not answer within ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
    socket.once('error', (error) =>
      done({ outcome: 'unreachable', error: `${where} did not answer TLS (${codeOf(error)})` }),
    );
    socket.once('secureConnect', () => {
      const certificate = socket.getPeerCertificate();
      if (!certificate || Object.keys(certificate).length === 0) {
        done({ outcome: 'unreachable', error: `${where} sent no certificate` });
        return;
      }
      const dates = datesOf(certificate);
      // Node has checked the chain and then the name: the first failure is the authorization error.
      const problem = socket.authorizationError ? String(socket.authorizationError) : undefined;
      if (problem === undefined) {
        done({ outcome: 'valid', ...dates });
        return;
      }
      if (problem === 'CERT_HAS_EXPIRED') {
        const error = `The certificate for ${name} expired on ${dates.expiresAt.toISOString()}`;
        done({ outcome: 'expired', ...dates, error });
        return;
      }
      const mismatch = checkServerIdentity(name, certificate);
      const error = mismatch
        ? `The certificate answering for ${name} is not for it: ${mismatch.message}`
        : `The certificate for ${name} is not trusted (${problem})`;
      done({ outcome: 'invalid', ...dates, error });
    });
  });
}
