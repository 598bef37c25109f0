import { isIPv6 } from 'node:net';
import type { DnsResolver } from '../dns/resolver.ts';
import { isPublicAddress } from '../net/address-policy.ts';
import { type Destination, type Destinations, resolveDestinations } from './destinations.ts';
import { createDomainPacer } from './domain-pacer.ts';
import { createLanes } from './lanes.ts';
import { allowedByPolicy, createMtaStsLookup, type MtaStsLookup, type MtaStsPolicy } from './mta-sts.ts';
import { localReply, type SmtpReply } from './replies.ts';
import {
  openSession,
  SessionOpenError,
  type SessionTarget,
  type SessionTimeouts,
  type SmtpSession,
} from './session.ts';

export interface SmarthostOptions {
  host: string;
  port: number;
  auth?: { user: string; pass: string } | undefined;
  /** starttls: required STARTTLS; tls: TLS from the first byte; none: cleartext. The certificate is verified. */
  tls: 'starttls' | 'tls' | 'none';
}

export interface TransportTimeouts extends SessionTimeouts {
  /** An unused open session is closed after this long. */
  idleMs: number;
  /** MX and address answers are reused this long. */
  dnsCacheMs: number;
}

export interface SmtpTransportOptions {
  resolver: DnsResolver;
  /** DELIVERY_PORT: the port of recipients' MX hosts (25). */
  port: number;
  /** The name sent with EHLO. */
  heloName: string;
  /** Every message goes through this server instead of the recipients' MX hosts. */
  smarthost?: SmarthostOptions | undefined;
  /** Open sessions per recipient domain (or to the smarthost). */
  maxConnectionsPerDomain: number;
  /** Messages one session carries before it is closed. */
  messagesPerConnection: number;
  timeouts?: Partial<TransportTimeouts>;
  /** MTA-STS policies of recipient domains (default: looked up through `resolver`); false: not applied. */
  mtaSts?: MtaStsLookup | false;
  /** A certificate authority trusted besides the system's for verified sessions (smarthost, MTA-STS). */
  ca?: string;
  /**
   * MX and MTA-STS policy hosts on private or local networks (DELIVERY_PRIVATE_NETWORKS): `deny`
   * keeps a recipient domain from steering the server at services inside its own network (addresses
   * judged by isPublicAddress). Default `allow`.
   */
  privateNetworks?: 'allow' | 'deny';
  /** Messages per second to one recipient domain (DELIVERY_DOMAIN_RATE); 0 or absent: no limit. */
  domainRate?: number;
}

/** One message to hand over: the envelope and the bytes as they go on the wire (signed). */
export interface DeliveryJob {
  rcptTo: string;
  mailFrom: string;
  raw: Buffer;
  /** Local address to bind the connection to (an IP pool's); any when absent. */
  localAddress?: string | undefined;
  /**
   * Epoch ms after which the message must not start on its way (no MAIL FROM sent): the caller has
   * given up on this attempt by then and will try again, so sending it late would send it twice.
   */
  notAfter?: number | undefined;
}

/**
 * What became of one attempt: delivered (2xx after DATA), deferred (temporary: 4xx, timeout, DNS
 * failure...) or failed (permanent: 5xx, null MX...). `reply` is the receiving server's answer, or
 * one the transport made up for a failure without one.
 */
export interface DeliveryOutcome {
  status: 'delivered' | 'deferred' | 'failed';
  reply: SmtpReply;
  /** The host that answered (MX or smarthost) and its address. */
  host?: string;
  ip?: string;
  /** The local address the connection used. */
  localAddress?: string;
  tls: boolean;
}

export interface SmtpTransport {
  deliver(job: DeliveryJob): Promise<DeliveryOutcome>;
  /** Closes idle sessions; sessions in use close when their job ends. */
  close(): Promise<void>;
}

const defaultTimeouts: TransportTimeouts = {
  connectMs: 30_000,
  greetingMs: 30_000,
  socketMs: 300_000,
  idleMs: 5_000,
  dnsCacheMs: 60_000,
};

/** Addresses tried per message across all MX hosts (Postfix's smtp_mx_address_limit). */
const maxAddressesPerMessage = 5;
/** How long a host whose TLS handshake failed is spoken to in cleartext. */
const plaintextFallbackMs = 60 * 60 * 1000;

type Attempt = { final: boolean; outcome: DeliveryOutcome };

function cached<T>(ttlMs: number, load: (key: string) => Promise<T>, keep: (value: T) => boolean) {
  const entries = new Map<string, { until: number; value: Promise<T> }>();
  return (key: string): Promise<T> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = load(key);
    entries.set(key, { until: now + ttlMs, value });
    value.then(
      (result) => {
        if (!keep(result)) entries.delete(key);
      },
      () => entries.delete(key),
    );
    if (entries.size > 10_000) entries.delete(entries.keys().next().value as string);
    return value;
  };
}

/**
 * Delivers one message to one recipient over SMTP: to the recipient domain's MX hosts in order (the
 * next one when a host cannot be reached or refuses the session), or to the smarthost. Sessions are
 * reused per (host, address, local address) and nodemailer pipelines the envelope when the server
 * offers PIPELINING.
 */
export function createSmtpTransport(options: SmtpTransportOptions): SmtpTransport {
  const timeouts = { ...defaultTimeouts, ...options.timeouts };
  const paceDomain = createDomainPacer(options.domainRate ?? 0);
  const lanes = createLanes({ maxSessions: options.maxConnectionsPerDomain, idleMs: timeouts.idleMs });
  const plaintextUntil = new Map<string, number>();
  const destinationsOf = cached<Destinations>(
    timeouts.dnsCacheMs,
    (domain) => resolveDestinations(options.resolver, domain),
    (result) => result.status === 'hosts',
  );
  const addressesOf = cached<string[]>(
    timeouts.dnsCacheMs,
    (host) => options.resolver.addresses(host),
    (result) => result.length > 0,
  );

  const mtaSts =
    options.mtaSts === false
      ? undefined
      : (options.mtaSts ??
        createMtaStsLookup(options.resolver, {
          privateNetworks: options.privateNetworks ?? 'allow',
          recheckMs: timeouts.dnsCacheMs,
        }));

  const sessionKey = (target: SessionTarget) =>
    `${target.host}|${target.ip ?? ''}|${target.port}|${target.localAddress ?? ''}|${target.tls}`;

  async function open(lane: string, target: SessionTarget): Promise<SmtpSession> {
    const slot = lanes.opening(lane);
    const key = sessionKey(target);
    try {
      const cleartext = (plaintextUntil.get(key) ?? 0) > Date.now();
      const session = await openSession(target, options.heloName, timeouts, cleartext).catch((error) => {
        if (!(error instanceof SessionOpenError) || !error.tlsFailed || target.tls !== 'opportunistic')
          throw error;
        plaintextUntil.set(key, Date.now() + plaintextFallbackMs);
        return openSession(target, options.heloName, timeouts, true);
      });
      slot.opened(session);
      return session;
    } catch (error) {
      slot.failed();
      throw error;
    }
  }

  /**
   * One message on one session to `target`. A reused session that broke before answering anything
   * was closed by the server while idle: the message goes again, once, on a new one.
   */
  async function attempt(lane: string, target: SessionTarget, job: DeliveryJob): Promise<Attempt> {
    const key = sessionKey(target);
    const base = { host: target.host, ip: target.ip, localAddress: target.localAddress };
    for (let tries = 0; ; tries += 1) {
      let session = tries === 0 ? lanes.take(lane, key) : undefined;
      const reused = session !== undefined;
      if (!session) {
        try {
          session = await open(lane, target);
        } catch (error) {
          if (!(error instanceof SessionOpenError)) throw error;
          const reply =
            error.tlsFailed && target.tls === 'starttls'
              ? localReply(
                  451,
                  '4.7.5',
                  `TLS required, with a valid certificate for ${target.host}: ${error.reply.text}`,
                )
              : error.reply;
          return { final: false, outcome: { status: 'deferred', reply, ...base, tls: false } };
        }
      }
      if (job.notAfter !== undefined && Date.now() > job.notAfter) {
        lanes.release(lane, key, session);
        return { final: true, outcome: { status: 'deferred', reply: tooLate, ...base, tls: false } };
      }
      const result = await session.send(job.mailFrom, job.rcptTo, job.raw);
      const outcome = {
        host: target.host,
        ip: session.remoteAddress,
        localAddress: session.localAddress,
        tls: session.secure,
      };
      if (result.kind === 'lost') {
        if (reused && result.unanswered && tries === 0) continue;
        return { final: true, outcome: { status: 'deferred', reply: result.reply, ...outcome } };
      }
      await keepOrClose(lane, key, session, result.kind === 'refused');
      const status = result.kind === 'accepted' ? 'delivered' : result.permanent ? 'failed' : 'deferred';
      return { final: true, outcome: { status, reply: result.reply, ...outcome } };
    }
  }

  async function keepOrClose(lane: string, key: string, session: SmtpSession, refused: boolean) {
    if (session.transactions >= options.messagesPerConnection) return session.quit();
    if (refused && !(await session.reset())) return session.quit();
    lanes.release(lane, key, session);
  }

  async function toMxHosts(
    job: DeliveryJob,
    domain: string,
    hosts: Destination[],
    policy: MtaStsPolicy | undefined,
  ): Promise<DeliveryOutcome> {
    // RFC 8461: under an enforced policy only the hosts it names, over TLS with a verified certificate.
    const enforced = policy?.mode === 'enforce';
    const allowed = policy ? hosts.filter((destination) => allowedByPolicy(policy, destination.host)) : hosts;
    if (allowed.length === 0) {
      return deferred(
        451,
        '4.7.5',
        `no MX host of ${domain} matches its MTA-STS policy`,
        hosts[0]?.host ?? domain,
      );
    }
    let last: DeliveryOutcome | undefined;
    let tried = 0;
    for (const destination of allowed) {
      let addresses: string[];
      try {
        addresses = destination.addresses ?? (await addressesOf(destination.host));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'error';
        last = deferred(451, '4.4.3', `DNS lookup of ${destination.host} failed (${code})`, destination.host);
        continue;
      }
      const reachable = options.privateNetworks === 'deny' ? addresses.filter(isPublicAddress) : addresses;
      if (reachable.length === 0 && addresses.length > 0) {
        last ??= {
          status: 'failed',
          reply: localReply(
            550,
            '5.4.4',
            `mail host ${destination.host} is on a private network (DELIVERY_PRIVATE_NETWORKS=deny)`,
          ),
          host: destination.host,
          tls: false,
        };
        continue;
      }
      const usable = job.localAddress
        ? reachable.filter((address) => isIPv6(address) === isIPv6(job.localAddress ?? ''))
        : reachable;
      if (usable.length === 0) {
        last ??= deferred(
          451,
          '4.4.4',
          `mail host ${destination.host} has no usable address`,
          destination.host,
        );
        continue;
      }
      for (const ip of usable) {
        if (tried >= maxAddressesPerMessage) return last ?? unreachable(domain);
        tried += 1;
        const target: SessionTarget = {
          host: destination.host,
          ip,
          port: options.port,
          localAddress: job.localAddress,
          tls: enforced ? 'starttls' : 'opportunistic',
          ca: options.ca,
        };
        const result = await attempt(domain, target, job);
        if (result.final) return result.outcome;
        last = result.outcome;
      }
    }
    return last ?? unreachable(domain);
  }

  async function deliver(job: DeliveryJob): Promise<DeliveryOutcome> {
    const at = job.rcptTo.lastIndexOf('@');
    const domain = at > 0 ? job.rcptTo.slice(at + 1).toLowerCase() : '';
    if (!domain)
      return { status: 'failed', reply: localReply(553, '5.1.3', 'recipient has no domain'), tls: false };
    await paceDomain(domain);

    if (options.smarthost) {
      const { host, port, auth, tls } = options.smarthost;
      const release = await lanes.acquire('smarthost');
      try {
        const target: SessionTarget = {
          host,
          port,
          auth,
          tls,
          ca: options.ca,
          localAddress: job.localAddress,
        };
        return (await attempt('smarthost', target, job)).outcome;
      } finally {
        release();
      }
    }

    const destinations = await destinationsOf(domain);
    if (destinations.status !== 'hosts')
      return { status: destinations.status, reply: destinations.reply, tls: false };
    const policy = mtaSts && !domain.startsWith('[') ? await mtaSts(domain) : undefined;
    const release = await lanes.acquire(domain);
    try {
      return await toMxHosts(job, domain, destinations.hosts, policy);
    } finally {
      release();
    }
  }

  return {
    deliver,
    close: async () => lanes.closeAll(),
  };
}

const tooLate = localReply(
  451,
  '4.4.7',
  'not sent: the attempt ran out of time before a connection was ready',
);

function deferred(code: number, enhanced: string, text: string, host: string): DeliveryOutcome {
  return { status: 'deferred', reply: localReply(code, enhanced, text), host, tls: false };
}

function unreachable(domain: string): DeliveryOutcome {
  return {
    status: 'deferred',
    reply: localReply(451, '4.4.4', `no mail host of ${domain} could be reached`),
    tls: false,
  };
}
