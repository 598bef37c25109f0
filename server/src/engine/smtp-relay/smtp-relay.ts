import { randomBytes } from 'node:crypto';
import { isEmailAddress } from '@app/contract/engine/index';
import type { Logger } from 'pino';
import type {
  SMTPServerAddress,
  SMTPServerAuthentication,
  SMTPServerAuthenticationResponse,
  SMTPServerDataStream,
  SMTPServerOptions,
  SMTPServerSession,
} from 'smtp-server';
import { readMessage } from '../../smtp-server/read-message.ts';
import { mayAuthenticate, parseRelayUsername, relayUsername } from './auth-policy.ts';
import { type AuthThrottle, createAuthThrottle } from './auth-throttle.ts';
import { GreetAtOnceSMTPServer } from './greet-at-once.ts';
import type { RelayDeps, RelayPrincipal, RelayRefusal } from './relay-deps.ts';
import { parseXMsysApi, removeXMsysApiHeaders } from './x-msys-api.ts';

export interface SmtpRelayOptions {
  host: string;
  /** 0 picks a free port; listen() returns the bound one. */
  port: number;
  maxMessageBytes: number;
  tls: { key: string | Buffer; cert: string | Buffer };
  logger: Logger;
  /** Name in the greeting and EHLO reply; defaults to the machine's host name. */
  hostname?: string;
  /** How long close() lets open sessions finish before it cuts them off. */
  closeTimeoutMs?: number;
  /** Limits on failed AUTH attempts; the defaults of auth-throttle.ts when not given. */
  authThrottle?: AuthThrottle;
}

export interface SmtpRelay {
  listen(): Promise<number>;
  close(): Promise<void>;
}

export const maxRecipientsPerMessage = 1000;

const badCredentials: RelayRefusal = { code: 535, message: '5.7.8 Authentication credentials invalid' };
const tlsFirst: RelayRefusal = { code: 538, message: '5.7.0 Must issue a STARTTLS command first' };
const authFailedTemporarily: RelayRefusal = { code: 454, message: '4.7.0 Temporary authentication failure' };
// 421 makes smtp-server close the connection after the reply.
const tooManyAuthFailures: RelayRefusal = {
  code: 421,
  message: '4.7.0 Too many failed authentication attempts, closing connection',
};
const badSender: RelayRefusal = { code: 553, message: '5.1.7 Bad sender address syntax' };
const tooManyRecipients: RelayRefusal = { code: 452, message: '4.5.3 Too many recipients' };
const tooBig: RelayRefusal = { code: 552, message: '5.3.4 Message too big' };
const temporaryFailure: RelayRefusal = { code: 451, message: '4.3.0 Temporary failure, try again' };
const authRequired = '5.7.0 Authentication required';

type ReplyError = Error & { responseCode: number };

function replyError(refusal: RelayRefusal): ReplyError {
  return Object.assign(new Error(refusal.message), { responseCode: refusal.code });
}

function isRefusal(value: RelayPrincipal | RelayRefusal): value is RelayRefusal {
  return 'code' in value;
}

/** Client disconnects and the like; only worth a debug line. */
const connectionNoise = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);

/**
 * SparkPost-style SMTP injection: STARTTLS, AUTH PLAIN/LOGIN as `SMTP_Injection` with an API key, X-MSYS-API
 * options. The business rules (key check, recipients, storage) are in `deps`; a DATA reply of 250 is only sent
 * once `deps.submit` has stored the message.
 */
export function createSmtpRelay(deps: RelayDeps, options: SmtpRelayOptions): SmtpRelay {
  const log = options.logger.child({ component: 'smtp-relay' });
  const principals = new WeakMap<SMTPServerSession, RelayPrincipal>();
  const throttle = options.authThrottle ?? createAuthThrottle();
  const authFailures = new WeakMap<SMTPServerSession, number>();

  /** A wrong user name or key: answered later each time, and by closing the connection after a few. */
  const refuseCredentials = (
    session: SMTPServerSession,
    callback: (err: Error | null | undefined) => void,
  ): void => {
    const failures = (authFailures.get(session) ?? 0) + 1;
    authFailures.set(session, failures);
    const verdict = throttle.failed(session.remoteAddress, failures);
    setTimeout(() => {
      callback(replyError(verdict.close ? tooManyAuthFailures : badCredentials));
    }, verdict.delayMs);
  };

  const onAuth = (
    auth: SMTPServerAuthentication,
    session: SMTPServerSession,
    callback: (err: Error | null | undefined, response?: SMTPServerAuthenticationResponse) => void,
  ): void => {
    if (!mayAuthenticate(session)) {
      callback(replyError(tlsFirst));
      return;
    }
    if (throttle.blocked(session.remoteAddress)) {
      callback(replyError(tooManyAuthFailures));
      return;
    }
    const form = parseRelayUsername(auth.username ?? '');
    if (!form || typeof auth.password !== 'string') {
      refuseCredentials(session, callback);
      return;
    }
    deps
      .authenticate({
        username: relayUsername,
        ...form,
        password: auth.password,
        remoteAddress: session.remoteAddress,
      })
      .then(
        (result) => {
          if (result === null) return refuseCredentials(session, callback);
          if (isRefusal(result)) return callback(replyError(result));
          principals.set(session, result);
          callback(null, { user: result.keyId || relayUsername });
        },
        (error: unknown) => {
          log.error({ err: error, remoteAddress: session.remoteAddress }, 'SMTP relay authentication failed');
          callback(replyError(authFailedTemporarily));
        },
      );
  };

  // The null sender <> is allowed; any other reverse path is an address within RFC 5321's sizes.
  const onMailFrom = (
    address: SMTPServerAddress,
    _session: SMTPServerSession,
    callback: (err?: Error | null) => void,
  ): void => {
    callback(address.address === '' || isEmailAddress(address.address) ? null : replyError(badSender));
  };

  const onRcptTo = (
    address: SMTPServerAddress,
    session: SMTPServerSession,
    callback: (err?: Error | null) => void,
  ): void => {
    const principal = principals.get(session);
    if (!principal) {
      callback(replyError({ code: 530, message: authRequired }));
      return;
    }
    const recipients = session.envelope.rcptTo;
    const lower = address.address.toLowerCase();
    if (
      recipients.length >= maxRecipientsPerMessage &&
      !recipients.some((recipient) => recipient.address.toLowerCase() === lower)
    ) {
      callback(replyError(tooManyRecipients));
      return;
    }
    deps.checkRecipient(principal, address.address).then(
      (refusal) => callback(refusal ? replyError(refusal) : null),
      (error: unknown) => {
        log.error({ err: error }, 'SMTP relay recipient check failed');
        callback(replyError(temporaryFailure));
      },
    );
  };

  const handleMessage = async (
    principal: RelayPrincipal,
    session: SMTPServerSession,
    raw: Buffer,
  ): Promise<{ refusal: RelayRefusal } | { queueId: string }> => {
    const removed = removeXMsysApiHeaders(raw);
    const parsed = parseXMsysApi(removed.values);
    if (!parsed.ok) return { refusal: parsed.refusal };
    const queueId = randomBytes(8).toString('hex');
    const refusal = await deps.submit(principal, {
      mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
      raw: removed.raw,
      api: parsed.api,
      remoteAddress: session.remoteAddress,
      queueId,
    });
    return refusal ? { refusal } : { queueId };
  };

  const onData = (
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (err?: Error | null, message?: string) => void,
  ): void => {
    readMessage(stream, options.maxMessageBytes).then(
      (raw) => {
        if (!raw) return callback(replyError(tooBig));
        const principal = principals.get(session);
        if (!principal) return callback(replyError({ code: 530, message: authRequired }));
        handleMessage(principal, session, raw).then(
          (outcome) => {
            if ('refusal' in outcome) return callback(replyError(outcome.refusal));
            log.debug({ queueId: outcome.queueId, bytes: raw.length }, 'SMTP relay accepted a message');
            callback(null, `2.0.0 OK queued as ${outcome.queueId}`);
          },
          (error: unknown) => {
            log.error({ err: error }, 'SMTP relay could not store a message');
            callback(replyError(temporaryFailure));
          },
        );
      },
      () => callback(replyError(temporaryFailure)),
    );
  };

  const serverOptions: SMTPServerOptions = {
    secure: false,
    key: options.tls.key,
    cert: options.tls.cert,
    authMethods: ['PLAIN', 'LOGIN'],
    // The STARTTLS rule is enforced per session in onAuth, so loopback clients can skip it.
    allowInsecureAuth: true,
    authRequiredMessage: authRequired,
    disableReverseLookup: true,
    size: options.maxMessageBytes,
    logger: false,
    closeTimeout: options.closeTimeoutMs ?? 10_000,
    ...(options.hostname ? { name: options.hostname } : {}),
    onAuth,
    onMailFrom,
    onRcptTo,
    onData,
  };
  const server = new GreetAtOnceSMTPServer(serverOptions);
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code && connectionNoise.has(error.code))
      log.debug({ err: error }, 'SMTP relay connection error');
    else log.warn({ err: error }, 'SMTP relay connection error');
  });

  return {
    listen: () =>
      new Promise<number>((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(options.port, options.host, () => {
          server.server.off('error', reject);
          const address = server.server.address();
          resolve(typeof address === 'object' && address ? address.port : options.port);
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
