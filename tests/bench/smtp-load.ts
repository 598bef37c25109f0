import net from 'node:net';
import { parseArgs } from 'node:util';
import { benchEmail, benchRecipient, smtpMessage } from './message.ts';

/**
 * A small SMTP load generator: `sessions` concurrent plain-text SMTP sessions (no TLS, no
 * pipelining: each command waits for its reply, as smtp-source does) sending one message per
 * connection or many over each connection until the time is up.
 * Used for our relay (smtp-source cannot AUTH) and, for comparison, for the peers.
 */
export interface SmtpLoadOptions {
  host: string;
  port: number;
  sessions: number;
  seconds: number;
  /** 1 = connect, send, QUIT; Infinity = keep each connection for the whole run. */
  messagesPerConnection: number;
  /** Stop after this many messages in all (a preflight sends 1). */
  maxMessages?: number;
  message: string;
  from: string;
  to: string;
  /** AUTH PLAIN after EHLO when given. */
  auth?: { user: string; pass: string };
}

export interface SmtpLoadResult {
  /** Messages the server answered 250 after the final dot. */
  accepted: number;
  seconds: number;
  perSecond: number;
  connections: number;
  failures: number;
  firstFailure: string | undefined;
}

interface Reply {
  code: number;
  text: string;
}

const commandTimeoutMs = 30_000;

class SmtpConnection {
  private readonly socket: net.Socket;
  private buffer = '';
  private lines: string[] = [];
  private readonly replies: Reply[] = [];
  private waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | undefined;
  private closed: Error | undefined;
  /** When the command now awaiting its reply was sent; checked by the run's watchdog. */
  waitingSince: number | undefined;

  constructor(socket: net.Socket) {
    this.socket = socket;
    socket.setEncoding('utf8');
    socket.setNoDelay(true);
    socket.on('data', (chunk: string) => this.receive(chunk));
    socket.on('error', (error) => this.close(error));
    socket.on('close', () => this.close(new Error('connection closed by the server')));
  }

  static open(host: string, port: number): Promise<SmtpConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port });
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new SmtpConnection(socket));
      });
    });
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let end = this.buffer.indexOf('\n');
    while (end !== -1) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      this.lines.push(line);
      if (line.length < 4 || line[3] !== '-') {
        this.deliver({ code: Number(line.slice(0, 3)), text: this.lines.join(' | ') });
        this.lines = [];
      }
      end = this.buffer.indexOf('\n');
    }
  }

  private deliver(reply: Reply): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    this.waitingSince = undefined;
    if (waiting) waiting.resolve(reply);
    else this.replies.push(reply);
  }

  private close(error: Error): void {
    if (this.closed) return;
    this.closed = error;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }

  read(): Promise<Reply> {
    const queued = this.replies.shift();
    if (queued) return Promise.resolve(queued);
    if (this.closed) return Promise.reject(this.closed);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.waitingSince = performance.now();
    });
  }

  send(data: Buffer): Promise<Reply> {
    this.socket.write(data);
    return this.read();
  }

  async quit(): Promise<void> {
    if (!this.closed) {
      try {
        await this.send(commands.quit);
      } catch {
        // the server may close first; either way the session is over
      }
    }
    this.socket.destroy();
  }

  destroy(error?: Error): void {
    this.socket.destroy(error);
  }
}

class SmtpFailure extends Error {}

function expect(reply: Reply, step: string, accepted: (code: number) => boolean): void {
  if (!accepted(reply.code)) throw new SmtpFailure(`${step} answered ${reply.text}`);
}

const positive = (code: number) => code >= 200 && code < 300;

const commands = {
  ehlo: Buffer.from('EHLO bench.test\r\n'),
  data: Buffer.from('DATA\r\n'),
  quit: Buffer.from('QUIT\r\n'),
};

/** Lines starting with a dot get another one (RFC 5321 4.5.2), then the terminator. */
function dataPayload(message: string): Buffer {
  const body = message.endsWith('\r\n') ? message : `${message}\r\n`;
  return Buffer.from(`${body.replace(/^\./gm, '..')}.\r\n`);
}

/** After this many failures in a row, a session gives up (the server keeps refusing). */
const maxConsecutiveFailures = 3;

export async function runSmtpLoad(options: SmtpLoadOptions): Promise<SmtpLoadResult> {
  const payload = dataPayload(options.message);
  // Encoded once: a generator that re-encodes every line spends most of its time doing so.
  const authLine = options.auth
    ? Buffer.from(
        `AUTH PLAIN ${Buffer.from(`\0${options.auth.user}\0${options.auth.pass}`).toString('base64')}\r\n`,
      )
    : undefined;
  const mailFrom = Buffer.from(`MAIL FROM:<${options.from}>\r\n`);
  const rcptTo = Buffer.from(`RCPT TO:<${options.to}>\r\n`);
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const maxMessages = options.maxMessages ?? Number.POSITIVE_INFINITY;
  let claimed = 0;
  let accepted = 0;
  let connections = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const open = new Set<SmtpConnection>();

  const more = () => performance.now() < deadline && claimed < maxMessages;
  const claim = () => {
    if (!more()) return false;
    claimed += 1;
    return true;
  };
  const fail = (error: unknown) => {
    failures += 1;
    firstFailure ??= (error as Error).message;
  };

  async function session(): Promise<void> {
    let failuresInRow = 0;
    while (more() && failuresInRow < maxConsecutiveFailures) {
      let connection: SmtpConnection | undefined;
      try {
        connection = await SmtpConnection.open(options.host, options.port);
        open.add(connection);
        connections += 1;
        expect(await connection.read(), 'greeting', (code) => code === 220);
        expect(await connection.send(commands.ehlo), 'EHLO', positive);
        if (authLine) expect(await connection.send(authLine), 'AUTH PLAIN', positive);
        let sent = 0;
        while (sent < options.messagesPerConnection && claim()) {
          expect(await connection.send(mailFrom), 'MAIL FROM', positive);
          expect(await connection.send(rcptTo), 'RCPT TO', positive);
          expect(await connection.send(commands.data), 'DATA', (code) => code === 354);
          expect(await connection.send(payload), 'end of DATA', positive);
          accepted += 1;
          sent += 1;
          failuresInRow = 0;
        }
        await connection.quit();
      } catch (error) {
        connection?.destroy();
        fail(error);
        failuresInRow += 1;
      } finally {
        if (connection) open.delete(connection);
      }
    }
  }

  // One timer for all connections: a per-socket timeout costs a timer update on every read and write.
  const watchdog = setInterval(() => {
    const now = performance.now();
    for (const connection of open) {
      if (connection.waitingSince !== undefined && now - connection.waitingSince > commandTimeoutMs) {
        connection.destroy(new Error(`no reply within ${commandTimeoutMs / 1000} s`));
      }
    }
  }, 1000);
  try {
    await Promise.all(Array.from({ length: options.sessions }, () => session()));
  } finally {
    clearInterval(watchdog);
  }
  const seconds = (performance.now() - started) / 1000;
  return { accepted, seconds, perSecond: accepted / seconds, connections, failures, firstFailure };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '2525' },
      sessions: { type: 'string', default: '20' },
      seconds: { type: 'string', default: '10' },
      reuse: { type: 'boolean', default: false },
      user: { type: 'string' },
      pass: { type: 'string' },
      bytes: { type: 'string', default: '2048' },
    },
  });
  const result = await runSmtpLoad({
    host: values.host,
    port: Number(values.port),
    sessions: Number(values.sessions),
    seconds: Number(values.seconds),
    messagesPerConnection: values.reuse ? Number.POSITIVE_INFINITY : 1,
    message: smtpMessage(Number(values.bytes)),
    from: benchEmail,
    to: benchRecipient,
    auth: values.user && values.pass ? { user: values.user, pass: values.pass } : undefined,
  });
  console.log(JSON.stringify(result));
}

// node tests/bench/smtp-load.ts --port 2525 [--reuse] [--user SMTP_Injection --pass KEY]
if (import.meta.main) await main();
