import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * VERP: the envelope sender of each delivered message names the message, so a bounce or complaint
 * sent back later (to the bounce domain's MX) maps to it. `bounces-<message id>-<tag>@<bounce
 * domain>`; the tag is an HMAC of the id so nobody can forge a bounce for another company's message.
 */
const tagLength = 12;
const pattern = /^bounces-([0-9a-f]{32})-([0-9a-f]{12})@(.+)$/i;

/** The VERP key, derived from the server's SECRET so every process (workers, inbound MX) agrees on it. */
export function verpKey(secret: string): string {
  return createHmac('sha256', secret).update('verp return path').digest('base64url');
}

function tagOf(key: string, messageId: string): string {
  return createHmac('sha256', key).update(`verp:${messageId}`).digest('hex').slice(0, tagLength);
}

export function verpAddress(key: string, messageId: string, bounceDomain: string): string {
  const id = messageId.replaceAll('-', '').toLowerCase();
  return `bounces-${id}-${tagOf(key, id)}@${bounceDomain.toLowerCase()}`;
}

/** The message id (uuid) a VERP address names, or undefined when it is not one of ours or forged. */
export function messageOfVerp(key: string, address: string): string | undefined {
  const match = pattern.exec(address.trim());
  if (!match) return undefined;
  const id = (match[1] ?? '').toLowerCase();
  const expected = Buffer.from(tagOf(key, id));
  const given = Buffer.from((match[2] ?? '').toLowerCase());
  if (!timingSafeEqual(expected, given)) return undefined;
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}
