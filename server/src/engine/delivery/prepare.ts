import { domainOf } from '@app/contract/engine/email-address';
import { verpAddress } from '../bounces/verp.ts';
import { headerBlockEnd } from '../messages/header-fields.ts';

/** What turns a stored message into what goes on the wire; each function comes from its own module. */
export interface PrepareDeps {
  /** HMAC key of the VERP addresses: the inbound MX reads bounces back with the same key. */
  verpKey: string;
  /** Bounce domain when the account has none for the From domain: the server's host name. */
  defaultBounceDomain: string;
  /** The account's bounce domain for mail from `fromDomain`, if it has one. */
  bounceDomainFor(companyId: string, subaccountId: number, fromDomain: string): Promise<string | undefined>;
  /** The one-click unsubscribe headers of a message: List-Unsubscribe and List-Unsubscribe-Post. */
  listUnsubscribeHeaders(messageId: string): Record<string, string> | Promise<Record<string, string>>;
  /** Whether the company's transactional mail carries them too (account option transactional_unsub); no: not. */
  unsubscribeTransactional?(companyId: string): Promise<boolean>;
  /**
   * The message with a DKIM-Signature added: of the key `dkimKey` names (options.dkim_key), else of
   * the From domain's own key (unchanged when neither is verified).
   */
  sign(
    raw: Buffer,
    companyId: string,
    subaccountId: number,
    fromDomain: string,
    dkimKey: string | undefined,
  ): Promise<Buffer>;
}

export interface MessageToPrepare {
  id: string;
  companyId: string;
  subaccountId: number;
  /** The header From address. */
  friendlyFrom: string;
  transactional: boolean;
  /** options.dkim_key, when the send named a key. */
  dkimKey?: string | undefined;
  raw: Buffer;
}

export interface PreparedMessage {
  /** The envelope sender: a VERP address on the bounce domain naming the message. */
  mailFrom: string;
  raw: Buffer;
}

/** The header names present in the message's header block, lower-cased. */
function headerNames(raw: Buffer): Set<string> {
  const block = raw.subarray(0, headerBlockEnd(raw)).toString('latin1');
  return new Set([...block.matchAll(/^([^\s:]+)[ \t]*:/gm)].map((match) => (match[1] ?? '').toLowerCase()));
}

/**
 * `headers` put in front of the message's own, as they are (no re-composing, so the body and the
 * existing headers stay byte for byte); a header the message already has is left to it.
 */
export function withHeaders(raw: Buffer, headers: Record<string, string>): Buffer {
  const present = headerNames(raw);
  const newline = raw.indexOf('\r\n') >= 0 ? '\r\n' : '\n';
  const lines = Object.entries(headers)
    .filter(([name]) => !present.has(name.toLowerCase()))
    .map(([name, value]) => `${name}: ${value.replace(/[\r\n]+/g, ' ')}${newline}`);
  return lines.length === 0 ? raw : Buffer.concat([Buffer.from(lines.join(''), 'utf8'), raw]);
}

/**
 * The envelope and bytes of one delivery: VERP return path on the bounce domain, one-click
 * unsubscribe headers on non-transactional mail (RFC 8058; on transactional mail too when the account
 * asks, transactional_unsub), then the DKIM signature, last so it
 * covers the added headers (the receivers that honour one-click require them signed).
 */
export async function prepareMessage(deps: PrepareDeps, message: MessageToPrepare): Promise<PreparedMessage> {
  const fromDomain = domainOf(message.friendlyFrom);
  const bounceDomain =
    (await deps.bounceDomainFor(message.companyId, message.subaccountId, fromDomain)) ??
    deps.defaultBounceDomain;
  const mailFrom = verpAddress(deps.verpKey, message.id, bounceDomain);
  const unsubscribe =
    !message.transactional || ((await deps.unsubscribeTransactional?.(message.companyId)) ?? false);
  const raw = unsubscribe
    ? withHeaders(message.raw, await deps.listUnsubscribeHeaders(message.id))
    : message.raw;
  return {
    mailFrom,
    raw: await deps.sign(raw, message.companyId, message.subaccountId, fromDomain, message.dkimKey),
  };
}
