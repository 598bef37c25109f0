import type { SmtpReply } from '../bounces/classify.ts';

/** One message to hand over: the envelope and the bytes as they go on the wire (signed). */
export interface DeliveryJob {
  rcptTo: string;
  mailFrom: string;
  raw: Buffer;
  /** Local address to bind the connection to (an IP pool's); any when absent. */
  localAddress?: string | undefined;
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

/** The SMTP client (transport/ builds it): reuses connections per destination and bounds its own timeouts. */
export interface DeliveryTransport {
  deliver(job: DeliveryJob): Promise<DeliveryOutcome>;
}
