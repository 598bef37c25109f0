import { isIP, isIPv6 } from 'node:net';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { SmtpReply } from '../../bounces/classify.ts';
import { localReply, replyOf, replyOfError, type SmtpClientError } from './replies.ts';

/**
 * - opportunistic: STARTTLS when offered, certificate not verified (RFC 7435: an unauthenticated
 *   encrypted session beats a cleartext one; MX certificates rarely match and senders do not verify them)
 * - starttls / tls: required, certificate verified (a smarthost, which receives credentials)
 * - none: never encrypt
 */
export type TlsMode = 'opportunistic' | 'starttls' | 'tls' | 'none';

export interface SessionTarget {
  /** The host name (SNI and certificate name) or address. */
  host: string;
  /** The address to connect to; the host name is resolved by the system when absent (smarthost). */
  ip?: string | undefined;
  port: number;
  localAddress?: string | undefined;
  tls: TlsMode;
  auth?: { user: string; pass: string } | undefined;
  /** A certificate authority trusted besides the system's, for a verified session. */
  ca?: string | undefined;
}

export interface SessionTimeouts {
  /** Connecting, the greeting, EHLO, STARTTLS and AUTH together. */
  connectMs: number;
  greetingMs: number;
  /** Silence from the server during a transaction (DATA included). */
  socketMs: number;
}

export type SendResult =
  | { kind: 'accepted'; reply: SmtpReply }
  | { kind: 'refused'; reply: SmtpReply; permanent: boolean }
  /** The connection broke; `unanswered`: before the server answered anything of this transaction. */
  | { kind: 'lost'; reply: SmtpReply; unanswered: boolean };

export interface SmtpSession {
  readonly secure: boolean;
  readonly remoteAddress: string | undefined;
  readonly localAddress: string | undefined;
  readonly closed: boolean;
  /** Messages sent (or refused) on this session. */
  readonly transactions: number;
  send(mailFrom: string, rcptTo: string, raw: Buffer): Promise<SendResult>;
  /** RSET: ends a refused transaction so the session can carry the next one. */
  reset(): Promise<boolean>;
  quit(): void;
  onClose(listener: () => void): void;
}

export class SessionOpenError extends Error {
  readonly reply: SmtpReply;
  /** STARTTLS was refused or its handshake failed: in opportunistic mode the host may work without TLS. */
  readonly tlsFailed: boolean;
  constructor(reply: SmtpReply, tlsFailed: boolean) {
    super(`${reply.code} ${reply.enhanced ?? ''} ${reply.text}`);
    this.reply = reply;
    this.tlsFailed = tlsFailed;
  }
}

function tlsOptions(target: SessionTarget) {
  const servername = isIP(target.host) ? undefined : target.host;
  if (target.tls === 'opportunistic') return { rejectUnauthorized: false, servername };
  return { rejectUnauthorized: true, servername, ...(target.ca ? { ca: target.ca } : {}) };
}

/** Opens an SMTP session (connect, EHLO, STARTTLS as the mode says, AUTH) on nodemailer's client. */
export function openSession(
  target: SessionTarget,
  heloName: string,
  timeouts: SessionTimeouts,
  withoutTls = false,
): Promise<SmtpSession> {
  const connection = new SMTPConnection({
    host: target.ip ?? target.host,
    port: target.port,
    name: isIP(heloName) ? `[${isIPv6(heloName) ? 'IPv6:' : ''}${heloName}]` : heloName,
    localAddress: target.localAddress,
    secure: target.tls === 'tls',
    requireTLS: target.tls === 'starttls',
    ignoreTLS: target.tls === 'none' || withoutTls,
    opportunisticTLS: target.tls === 'opportunistic',
    servername: isIP(target.host) ? undefined : target.host,
    tls: tlsOptions(target),
    connectionTimeout: timeouts.connectMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    socketCloseTimeout: 1_000,
    allowInternalNetworkInterfaces: true,
    logger: false,
  });
  let closed = false;
  let transactions = 0;
  const closeListeners: (() => void)[] = [];
  const markClosed = () => {
    if (closed) return;
    closed = true;
    for (const listener of closeListeners) listener();
  };
  connection.on('end', markClosed);

  const session: SmtpSession = {
    get secure() {
      return connection.secure;
    },
    get remoteAddress() {
      return (connection._socket || undefined)?.remoteAddress ?? target.ip;
    },
    get localAddress() {
      return (connection._socket || undefined)?.localAddress ?? target.localAddress;
    },
    get closed() {
      return closed;
    },
    get transactions() {
      return transactions;
    },
    send: (mailFrom, rcptTo, raw) =>
      new Promise((resolve) => {
        transactions += 1;
        connection.lastServerResponse = false;
        connection.send(
          { from: mailFrom, to: [rcptTo], size: raw.length, use8BitMime: true },
          raw,
          (error, info) => {
            if (!error) {
              resolve({ kind: 'accepted', reply: replyOf(info.response) ?? localReply(250, '2.0.0', 'Ok') });
              return;
            }
            resolve(sendFailure(error as SmtpClientError, closed, connection.lastServerResponse === false));
          },
        );
      }),
    reset: () =>
      new Promise((resolve) => {
        if (closed) return resolve(false);
        connection.reset((error) => resolve(!error));
      }),
    quit: () => {
      if (closed) return;
      markClosed();
      connection.quit();
      // A server that never answers QUIT does not hold the socket.
      setTimeout(() => connection.close(), 2_000).unref();
    },
    onClose: (listener) => {
      if (closed) listener();
      else closeListeners.push(listener);
    },
  };

  return new Promise((resolve, reject) => {
    let opened = false;
    connection.on('error', (error: SmtpClientError) => {
      markClosed();
      if (opened) return;
      opened = true;
      // A refused STARTTLS or a failed handshake (a bad certificate too) surfaces as ETLS or as a socket error while upgrading.
      const tlsFailed = error.code === 'ETLS' || connection.upgrading === true;
      reject(new SessionOpenError(replyOfError(error, 'connect'), tlsFailed));
    });
    connection.connect((error) => {
      if (opened) return;
      if (error) {
        opened = true;
        markClosed();
        connection.close();
        reject(new SessionOpenError(replyOfError(error as SmtpClientError, 'connect'), false));
        return;
      }
      if (!target.auth) {
        opened = true;
        return resolve(session);
      }
      connection.login(target.auth, (loginError) => {
        if (opened) return;
        opened = true;
        if (!loginError) return resolve(session);
        markClosed();
        connection.close();
        reject(new SessionOpenError(replyOfError(loginError as SmtpClientError, 'connect'), false));
      });
    });
  });
}

function sendFailure(error: SmtpClientError, closed: boolean, unanswered: boolean): SendResult {
  if (error.code === 'EENVELOPE' || error.code === 'EMESSAGE') {
    const response = error.rejectedErrors?.[0]?.response ?? error.response;
    const reply = response === undefined ? undefined : replyOf(response);
    if (reply) return { kind: 'refused', reply, permanent: reply.code >= 500 };
    if (!closed) {
      // Refused before anything was sent: an address or a size this client will never send.
      const tooBig = /size/i.test(error.message);
      return {
        kind: 'refused',
        reply: tooBig
          ? localReply(552, '5.3.4', error.message)
          : localReply(553, '5.1.3', `invalid address: ${error.message}`),
        permanent: true,
      };
    }
  }
  return { kind: 'lost', reply: replyOfError(error, 'session'), unanswered };
}
