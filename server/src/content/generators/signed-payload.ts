import { deriveKey, tagMatches, tagOf } from '../../signer.ts';

/** The generator routes' largest payload, as JSON: a few long texts of a block can go beyond it. */
export const maxPayloadBytes = 4_096;
/** The same in the base64url characters URLs carry. */
export const maxPayloadChars = Math.ceil(maxPayloadBytes / 3) * 4;

export type GeneratorKind = 'qrcode' | 'barcode' | 'chart' | 'countdown' | 'calendar' | 'social';

/** The key generator URLs are signed with, derived from the server's SECRET. */
export const generatorKey = (secret: string) => deriveKey(secret, 'generator');

// The kind is part of the signed message: a payload signed for one image is no use to another route.
const messageOf = (kind: GeneratorKind, payload: string) => `${kind}:${payload}`;

/** The payload as base64url JSON and its tag: what a generator URL's query carries. */
export function signPayload(key: string, kind: GeneratorKind, value: unknown): { d: string; t: string } {
  const d = Buffer.from(JSON.stringify(value)).toString('base64url');
  return { d, t: tagOf(key, messageOf(kind, d)) };
}

export type OpenedPayload =
  | { ok: true; value: unknown }
  | { ok: false; status: 403 | 404 | 413; message: string };

/** The payload of a signed query, or why it is refused (a bad tag gets 403, too large 413). */
export function openPayload(key: string, kind: GeneratorKind, d: string, t: string): OpenedPayload {
  if (d.length > maxPayloadChars) {
    return { ok: false, status: 413, message: `The payload is over ${maxPayloadBytes} bytes.` };
  }
  if (!d || !t) return { ok: false, status: 404, message: 'This image address is incomplete.' };
  if (!tagMatches(key, messageOf(kind, d), t)) {
    return { ok: false, status: 403, message: 'This image address is not signed by this server.' };
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.from(d, 'base64url').toString('utf8')) };
  } catch {
    return { ok: false, status: 404, message: 'This image address is not readable.' };
  }
}
