import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerDataStream,
  type SMTPServerSession,
} from 'smtp-server';
import { readMessage } from '../../smtp-server/read-message.ts';
import { messageOfVerp } from '../bounces/verp.ts';
import type { MessageFacts } from '../messages/message-facts.ts';
import type { Feedback, FeedbackRecorder } from './feedback-recorder.ts';
import { type InboundReport, readReport } from './report.ts';

export interface InboundMxOptions {
  host: string;
  /** MX_PORT; 0 picks a free port (the bound one is returned). */
  port: number;
  /** Name in the greeting and the EHLO reply. */
  hostname: string;
  /** The VERP HMAC key the return paths were made with. */
  key: string;
  maxMessageBytes: number;
  /** STARTTLS certificate; without one STARTTLS is not offered. */
  tls?: { key: string | Buffer; cert: string | Buffer } | undefined;
  /** How long close() lets open sessions finish. */
  closeTimeoutMs?: number;
}

/** What the MX needs of the engine (the engine itself provides both). */
export interface InboundMxDeps {
  messageFacts(id: string): Promise<MessageFacts | undefined>;
  feedback: Pick<FeedbackRecorder, 'record'>;
}

/** A report names one message (its VERP return path); a few recipients cover a report copied to several. */
export const maxRecipientsPerReport = 10;
/** Sessions at once: with maxMessageBytes each, what the MX may hold in memory. */
const maxClients = 50;

type ReplyError = Error & { responseCode: number };

const replyError = (code: number, message: string): ReplyError =>
  Object.assign(new Error(message), { responseCode: code });

const noSuchMailbox = (address: string) =>
  replyError(
    550,
    `5.1.1 <${address}>: no such mailbox; this server only takes bounce and complaint reports for mail sent from this platform`,
  );
const tooManyRecipients = replyError(452, '4.5.3 Too many recipients for one report');
const tooBig = replyError(552, '5.3.4 Message too big');
const temporaryFailure = () => replyError(451, '4.3.0 Temporary failure, try again later');

/** RFC 5321 §4.5.1: every SMTP server takes mail for its postmaster, whatever the domain. */
/** `postmaster@any.domain`, or `postmaster` alone (RFC 5321 §4.1.1.3). */
const isPostmaster = (address: string) => {
  const at = address.lastIndexOf('@');
  return (at < 0 ? address : address.slice(0, at)).toLowerCase() === 'postmaster';
};

/** The Subject of a raw message, for the log (the header block only, unfolded, at most 200 characters). */
function subjectOf(raw: Buffer): string {
  const head =
    raw
      .subarray(0, 16 * 1024)
      .toString('latin1')
      .split(/\r?\n\r?\n/)[0] ?? '';
  const match = /^subject:[ \t]*(.*(?:\r?\n[ \t].*)*)/im.exec(head);
  return (match?.[1] ?? '').replace(/\r?\n[ \t]*/g, ' ').slice(0, 200);
}

/** The feedback one report gives about one of the messages it was addressed to. */
function feedbackOf(
  report: Exclude<InboundReport, { kind: 'other' }>,
  message: MessageFacts,
  to: string,
): Feedback {
  if (report.kind === 'bounce') {
    return {
      message,
      kind: 'out_of_band',
      bounceClass: report.bounceClass,
      reason: report.reason,
      fields: { error_code: report.errorCode, raw_reason: report.rawReason, sending_ip: '' },
      suppress: report.hard
        ? {
            types: ['transactional', 'non_transactional'],
            source: 'Bounce Rule',
            description: `Hard bounce reported after delivery: ${report.reason}`.slice(0, 1024),
          }
        : null,
    };
  }
  return {
    message,
    kind: 'spam_complaint',
    fields: {
      fbtype: report.feedbackType,
      report_by: report.reportedBy,
      report_to: to,
      user_agent: report.userAgent,
    },
    // As SparkPost does: a complaint stops marketing mail, not receipts and password resets.
    suppress: {
      types: ['non_transactional'],
      source: 'Spam Complaint',
      description: `Spam complaint (${report.feedbackType}) reported by ${report.reportedBy || 'a mailbox provider'}`,
    },
  };
}

/** Client disconnects and the like; only worth a debug line. */
const connectionNoise = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);

/**
 * The MX of the bounce domains (MX_PORT): takes delivery status notifications and complaint
 * reports addressed to a VERP return path of a stored message and turns them into out_of_band and
 * spam_complaint events (and suppression entries). Mail for the postmaster is taken and logged
 * (RFC 5321 wants it taken); any other recipient is refused at RCPT, any other message after DATA;
 * nothing is stored for them.
 */
export async function startInboundMx(
  options: InboundMxOptions,
  deps: InboundMxDeps,
  logger: Logger,
): Promise<{ port: number; close(): Promise<void> }> {
  const log = logger.child({ component: 'inbound-mx' });
  const addressed = new WeakMap<SMTPServerSession, Map<string, { message: MessageFacts; to: string }>>();

  const onRcptTo = (
    address: SMTPServerAddress,
    session: SMTPServerSession,
    callback: (err?: Error | null) => void,
  ): void => {
    const messages = addressed.get(session) ?? new Map();
    addressed.set(session, messages);
    if (session.envelope.rcptTo.length >= maxRecipientsPerReport) {
      callback(tooManyRecipients);
      return;
    }
    if (isPostmaster(address.address)) {
      callback();
      return;
    }
    const id = messageOfVerp(options.key, address.address);
    if (!id) {
      callback(noSuchMailbox(address.address));
      return;
    }
    deps.messageFacts(id).then(
      (message) => {
        if (!message) {
          callback(noSuchMailbox(address.address));
          return;
        }
        messages.set(message.id, { message, to: address.address });
        callback();
      },
      (error: unknown) => {
        log.error({ err: error }, 'inbound MX could not look up a message');
        callback(temporaryFailure());
      },
    );
  };

  const handle = async (session: SMTPServerSession, raw: Buffer): Promise<string> => {
    const report = await readReport(Readable.from([raw]));
    // Only the recipients still in this transaction's envelope (RSET clears it).
    const current = new Set(session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()));
    const reported = [...(addressed.get(session)?.values() ?? [])].filter((entry) =>
      current.has(entry.to.toLowerCase()),
    );
    if (report.kind === 'other' || reported.length === 0) {
      if ([...current].some(isPostmaster)) {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        log.warn(
          { from, to: [...current], subject: subjectOf(raw), bytes: raw.length },
          'mail for the postmaster',
        );
        return '2.0.0 received for the postmaster';
      }
      if (report.kind === 'other')
        throw replyError(550, `5.7.1 Not accepted: ${report.why}; nothing was recorded`);
    }
    const items = reported.map((entry) => feedbackOf(report, entry.message, entry.to));
    const recorded = await deps.feedback.record(items);
    const what = report.kind === 'bounce' ? 'bounce report' : 'complaint';
    return recorded > 0 ? `2.0.0 ${what} recorded` : `2.0.0 ${what} already recorded`;
  };

  const onData = (
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (err?: Error | null, message?: string) => void,
  ): void => {
    const done = (error: Error | null, message?: string) => {
      addressed.delete(session);
      callback(error, message);
    };
    readMessage(stream, options.maxMessageBytes)
      .then((raw) => (raw ? handle(session, raw) : Promise.reject(tooBig)))
      .then(
        (message) => done(null, message),
        (error: unknown) => {
          if (error instanceof Error && 'responseCode' in error) return done(error);
          log.error({ err: error }, 'inbound MX could not record a report');
          done(temporaryFailure());
        },
      );
  };

  const server = new SMTPServer({
    secure: false,
    name: options.hostname,
    banner: 'bounce and complaint reports only',
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : { hideSTARTTLS: true }),
    authOptional: true,
    disabledCommands: ['AUTH'],
    disableReverseLookup: true,
    size: options.maxMessageBytes,
    maxClients,
    logger: false,
    closeTimeout: options.closeTimeoutMs ?? 10_000,
    onRcptTo,
    onData,
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code && connectionNoise.has(error.code))
      log.debug({ err: error }, 'inbound MX connection error');
    else log.warn({ err: error }, 'inbound MX connection error');
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : options.port);
    });
  });
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
