import type { Socket } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { loadOrCreateCertificate, type TlsCertificate } from '../engine/smtp-relay/certificate.ts';

export interface ReceivedMessage {
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
  /** The session was encrypted (STARTTLS or implicit TLS). */
  tls: boolean;
  /** The client's address, as the receiver saw it. */
  remoteAddress: string;
  localAddress: string;
  /** Which connection carried it: 1 for the first connection the receiver accepted. */
  connection: number;
}

/**
 * A scripted answer for one recipient: `reply` answers its RCPT TO (for the first `times` attempts,
 * every time when absent); `drop: 'data'` accepts the recipient then cuts the connection mid-DATA.
 */
export type ReceiverRule =
  | { reply: { code: number; enhanced?: string; text: string }; times?: number }
  | { drop: 'data'; times?: number };

export interface SmtpReceiverOptions {
  /** Loopback address to listen on (default 127.0.0.1); receivers on several addresses can share a port. */
  host?: string;
  port?: number;
  /**
   * Offer STARTTLS with a self-signed certificate; `broken`: offer it, then fail every handshake (the
   * server speaks only TLS 1.0, which clients refuse).
   */
  starttls?: boolean | 'broken';
  /** The name (or address) the certificate is made for (default 127.0.0.1). */
  tlsHostname?: string;
  /** Implicit TLS from the first byte (SMARTHOST_TLS=tls). */
  secure?: boolean;
  /** Require AUTH (PLAIN or LOGIN) with these credentials. */
  auth?: { user: string; pass: string };
  /** Answer every new connection with this instead of 220, e.g. 421 or 554. */
  greeting?: { code: number; text: string };
  /** Advertise PIPELINING (default true). */
  pipelining?: boolean;
}

export interface SmtpReceiver {
  port: number;
  /** The PEM certificate it presents, for a client that verifies it. */
  certificate: string | undefined;
  messages: ReceivedMessage[];
  /** Connections accepted so far. */
  connections(): number;
  /** The most connections that were open at the same time. */
  maxConcurrentConnections(): number;
  /** The addresses that passed AUTH, one per successful login. */
  logins: string[];
  setRule(rcptTo: string, rule: ReceiverRule | undefined): void;
  /** Cuts every open connection, as a server restarting or timing idle clients out does. */
  dropConnections(): void;
  close(): Promise<void>;
}

const certificates = new Map<string, Promise<TlsCertificate>>();

function testCertificate(hostname: string): Promise<TlsCertificate> {
  let certificate = certificates.get(hostname);
  if (!certificate) {
    certificate = loadOrCreateCertificate({ dataDir: 'memory://', hostname });
    certificates.set(hostname, certificate);
  }
  return certificate;
}

function smtpError(code: number, text: string): Error & { responseCode: number } {
  return Object.assign(new Error(text), { responseCode: code });
}

/** A receiving SMTP server on loopback for tests: records every accepted message, answers by script. */
export async function startSmtpReceiver(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const tlsCertificate =
    options.starttls || options.secure
      ? await testCertificate(options.tlsHostname ?? '127.0.0.1')
      : undefined;
  const messages: ReceivedMessage[] = [];
  const logins: string[] = [];
  const rules = new Map<string, { rule: ReceiverRule; used: number }>();
  const sockets = new Map<number, { socket: Socket; ordinal: number }>();
  let accepted = 0;
  let open = 0;
  let maxOpen = 0;

  /** The rule of a recipient when it still applies, counting this attempt. */
  const applicable = (address: string): ReceiverRule | undefined => {
    const entry = rules.get(address.toLowerCase());
    if (!entry) return undefined;
    if (entry.rule.times !== undefined && entry.used >= entry.rule.times) return undefined;
    entry.used += 1;
    return entry.rule;
  };

  const server = new SMTPServer({
    secure: options.secure ?? false,
    ...(tlsCertificate ? { key: tlsCertificate.key, cert: tlsCertificate.cert } : {}),
    ...(options.starttls === 'broken' ? { minVersion: 'TLSv1' as const, maxVersion: 'TLSv1' as const } : {}),
    hideSTARTTLS: !options.starttls,
    disabledCommands: options.starttls ? [] : ['STARTTLS'],
    hidePIPELINING: options.pipelining === false,
    // Scripted replies carry their own enhanced code in the text.
    hideENHANCEDSTATUSCODES: true,
    authOptional: !options.auth,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    disableReverseLookup: true,
    logger: false,
    size: 50 * 1024 * 1024,
    onConnect(_session, callback) {
      if (options.greeting) return callback(smtpError(options.greeting.code, options.greeting.text));
      callback();
    },
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        logins.push(auth.username ?? '');
        return callback(null, { user: auth.username });
      }
      callback(smtpError(535, '5.7.8 Authentication credentials invalid'));
    },
    onRcptTo(address, session, callback) {
      const rule = applicable(address.address);
      if (rule && 'reply' in rule) {
        const { code, enhanced, text } = rule.reply;
        return callback(smtpError(code, enhanced ? `${enhanced} ${text}` : text));
      }
      if (rule && 'drop' in rule) (session as SMTPServerSession & { dropInData?: boolean }).dropInData = true;
      callback();
    },
    onData(stream, session, callback) {
      if ((session as SMTPServerSession & { dropInData?: boolean }).dropInData) {
        stream.once('data', () => sockets.get(session.remotePort)?.socket.destroy());
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        messages.push({
          mailFrom: mailFrom ? mailFrom.address : '',
          rcptTo: rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
          tls: session.secure,
          remoteAddress: session.remoteAddress,
          localAddress: session.localAddress,
          connection: sockets.get(session.remotePort)?.ordinal ?? 0,
        });
        callback(null, '2.0.0 Ok: queued');
      });
    },
  });
  server.on('error', () => {
    // A client that vanishes mid-session is part of what these tests do.
  });
  server.server.on('connection', (socket: Socket) => {
    accepted += 1;
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    const remotePort = socket.remotePort ?? 0;
    sockets.set(remotePort, { socket, ordinal: accepted });
    socket.once('close', () => {
      open -= 1;
      sockets.delete(remotePort);
    });
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP receiver has no port');

  return {
    port: address.port,
    certificate: tlsCertificate?.cert,
    messages,
    logins,
    connections: () => accepted,
    maxConcurrentConnections: () => maxOpen,
    setRule: (rcptTo, rule) => {
      if (rule) rules.set(rcptTo.toLowerCase(), { rule, used: 0 });
      else rules.delete(rcptTo.toLowerCase());
    },
    dropConnections: () => {
      for (const { socket } of sockets.values()) socket.destroy();
    },
    close: async () => {
      for (const { socket } of sockets.values()) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
