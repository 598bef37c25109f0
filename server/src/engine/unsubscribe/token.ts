import { deriveKey, tagMatches, tagOf } from '../../signer.ts';

const pattern = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{22})$/;

/** The unsubscribe key, derived from the server's SECRET so every process agrees on it. */
export function unsubscribeKey(secret: string): string {
  return deriveKey(secret, 'list-unsubscribe one-click');
}

const signed = (compactId: string) => `unsubscribe:${compactId}`;

/** `<message id, 32 hex>.<HMAC>`: names the message, and nobody without the key can make one. */
export function unsubscribeToken(key: string, messageId: string): string {
  const compact = messageId.replaceAll('-', '').toLowerCase();
  return `${compact}.${tagOf(key, signed(compact))}`;
}

/** The message id (uuid) a token names, or undefined when it is forged, altered or garbled. */
export function messageOfToken(key: string, token: string): string | undefined {
  const match = pattern.exec(token);
  if (!match) return undefined;
  const id = match[1] ?? '';
  if (!tagMatches(key, signed(id), match[2] ?? '')) return undefined;
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}

/**
 * The RFC 8058 headers of a non-transactional message: a one-click HTTPS unsubscribe URL (POSTed
 * by the mailbox provider, no cookies, no login) and the header saying it takes one click.
 */
export function listUnsubscribeHeaders(
  key: string,
  publicUrl: string,
  messageId: string,
): { 'List-Unsubscribe': string; 'List-Unsubscribe-Post': string } {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    'List-Unsubscribe': `<${base}/unsubscribe/${unsubscribeToken(key, messageId)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
