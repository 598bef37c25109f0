import nodemailer from 'nodemailer';

export interface AcknowledgedSend {
  via: 'http' | 'smtp';
  subject: string;
  recipients: string[];
}

export interface BurstTarget {
  origin: string;
  smtpPort: number;
  apiKey: string;
}

export interface BurstResult {
  acknowledged: AcknowledgedSend[];
  /** Sends that failed without an acknowledgment: those in flight when the server died. */
  failed: number;
  /** Anything other than success before the kill: refusals, odd replies, connection errors. */
  unexpected: string[];
  /** Sends started and not answered when `kill` ran. */
  inFlightAtKill: number;
}

export interface Burst {
  acknowledgedSoFar(): number;
  unexpectedSoFar(): number;
  /**
   * Calls `kill` synchronously on receiving the next acknowledgment, when the server has just answered and
   * is most likely busy with the following commits; no new sends start after that. Resolves once every
   * worker is done (also when they all gave up without it).
   */
  killAtNextAcknowledgment(kill: () => void): Promise<BurstResult>;
}

const sender = 'burst@sender.example.test';

/** 1 to 3 recipients, varying with the send number. */
function recipientsOf(n: number): string[] {
  return Array.from({ length: 1 + (n % 3) }, (_, index) => `rcpt${index + 1}@crash.example.test`);
}

export async function sendOverHttp(
  target: BurstTarget,
  subject: string,
  recipients: string[],
): Promise<string> {
  const response = await fetch(`${target.origin}/api/v1/transmissions`, {
    method: 'POST',
    headers: { authorization: target.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      recipients: recipients.map((address) => ({ address })),
      content: { from: sender, subject, text: `Crash test message ${subject}` },
    }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  if (response.status !== 200) return `HTTP ${response.status} ${text.slice(0, 300)}`;
  const results = (JSON.parse(text) as { results?: { id?: unknown; total_accepted_recipients?: unknown } })
    .results;
  if (typeof results?.id !== 'string' || results.total_accepted_recipients !== recipients.length) {
    return `HTTP 200 without all recipients accepted: ${text.slice(0, 300)}`;
  }
  return 'ok';
}

export function smtpTransport(target: BurstTarget) {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: target.smtpPort,
    secure: false,
    // AUTH without TLS is allowed from loopback; skipping STARTTLS keeps the burst's CPU on the server's writes.
    ignoreTLS: true,
    auth: { user: 'SMTP_Injection', pass: target.apiKey },
    pool: true,
    maxConnections: 1,
    maxMessages: Number.POSITIVE_INFINITY,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

export async function sendOverSmtp(
  transport: ReturnType<typeof smtpTransport>,
  subject: string,
  recipients: string[],
): Promise<string> {
  const info = await transport.sendMail({
    from: sender,
    to: recipients,
    subject,
    text: `Crash test message ${subject}`,
  });
  if (!/^250\b/.test(info.response)) return `SMTP reply ${info.response}`;
  if (info.accepted.length !== recipients.length) return `SMTP accepted only ${info.accepted.join(', ')}`;
  return 'ok';
}

/**
 * Concurrent senders over the API and the SMTP relay, each in a loop of sends with a unique subject. A send
 * counts as acknowledged only once its 200 (with the transmission id) or 250 has been received.
 */
export function startBurst(
  target: BurstTarget,
  options: { http: number; smtp: number; label: string },
): Burst {
  const acknowledged: AcknowledgedSend[] = [];
  const unexpected: string[] = [];
  let failed = 0;
  let pending = 0;
  let halted = false;
  let next = 0;
  let inFlightAtKill = 0;
  let killer: (() => void) | undefined;

  function acknowledge(send: AcknowledgedSend) {
    acknowledged.push(send);
    if (!killer || halted) return;
    halted = true;
    inFlightAtKill = pending - 1;
    killer();
  }

  /** One send; false when the worker should give up (something unexpected happened, reported). */
  async function attempt(
    via: AcknowledgedSend['via'],
    send: (subject: string, recipients: string[]) => Promise<string>,
  ): Promise<boolean> {
    const n = next++;
    const subject = `crash-${options.label}-${via}-${n}`;
    const recipients = recipientsOf(n);
    pending += 1;
    try {
      const outcome = await send(subject, recipients);
      if (outcome === 'ok') acknowledge({ via, subject, recipients });
      else unexpected.push(`${subject}: ${outcome}`);
      return outcome === 'ok';
    } catch (error) {
      if (halted) failed += 1;
      else unexpected.push(`${subject}: ${(error as Error).message}`);
      return false;
    } finally {
      pending -= 1;
    }
  }

  async function httpWorker() {
    const send = (subject: string, recipients: string[]) => sendOverHttp(target, subject, recipients);
    while (!halted && (await attempt('http', send))) {
      // next send
    }
  }

  async function smtpWorker() {
    const transport = smtpTransport(target);
    const send = (subject: string, recipients: string[]) => sendOverSmtp(transport, subject, recipients);
    try {
      while (!halted && (await attempt('smtp', send))) {
        // next send
      }
    } finally {
      transport.close();
    }
  }

  const running = Promise.all([
    ...Array.from({ length: options.http }, httpWorker),
    ...Array.from({ length: options.smtp }, smtpWorker),
  ]);

  return {
    acknowledgedSoFar: () => acknowledged.length,
    unexpectedSoFar: () => unexpected.length,
    async killAtNextAcknowledgment(kill) {
      killer = kill;
      await running;
      return { acknowledged, failed, unexpected, inFlightAtKill };
    },
  };
}
