import { deriveKey, TAG_CHARS, tagMatches, tagOf } from '../../signer.ts';

/**
 * Open and click tracking tokens: `<payload>.<tag>`, both base64url. The payload names the message
 * (its uuid), what the URL records (an open, an initial open or a click), whether it sits in the AMP
 * part and, for a click, the link: its position, name and URL. The URL travels in the signed token,
 * so the redirect needs no stored copy and can only ever lead where the message's link led. The
 * signed text also names the tracking host the URL was made for (not carried in the token: the
 * request's Host brings it back), so one tenant's token does not work on another tenant's tracking
 * domain, which answers on the same server. An open token is 46 characters; a click token adds
 * about 4/3 of its URL.
 */

export type Engagement = 'open' | 'initial_open' | 'click';

export interface TrackingToken {
  messageId: string;
  engagement: Engagement;
  /** The link is in the amp_html part (an AMP open or click). */
  amp: boolean;
  /**
   * For a click: the link's position among the message's links, its data-msys-linkname and URL,
   * and whether it is an unsubscribe link (data-msys-unsubscribe="1").
   */
  link?: { index: number; name: string; url: string; unsubscribe?: boolean };
}

/** The tracking key, derived from the server's SECRET so every process agrees on it. */
export function trackingKey(secret: string): string {
  return deriveKey(secret, 'engagement tracking');
}

const VERSION = 0x10;
const UNSUBSCRIBE = 0x08;
const engagements: Engagement[] = ['open', 'initial_open', 'click'];
const signed = (host: string, payload: string) => `track:${host}:${payload}`;
const pattern = new RegExp(`^([A-Za-z0-9_-]{23,})\\.([A-Za-z0-9_-]{${TAG_CHARS}})$`);

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return bytes;
}

/**
 * A host as a token is bound to it: lower-case, its name in punycode, without the port (a tenant
 * owns a name, not a port; a proxy may or may not keep the port in Host). '' for what is not a host.
 */
export function trackingHost(host: string): string {
  if (host === '' || /[@/\\?#\s]/.test(host)) return '';
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return '';
  }
}

/** A token for URLs on `host` (trackingHost of the tracking base). */
export function encodeTrackingToken(key: string, host: string, token: TrackingToken): string {
  const flags =
    VERSION |
    (token.link?.unsubscribe ? UNSUBSCRIBE : 0) |
    (engagements.indexOf(token.engagement) << 1) |
    (token.amp ? 1 : 0);
  const head = Buffer.concat([Buffer.from([flags]), Buffer.from(token.messageId.replaceAll('-', ''), 'hex')]);
  let payload = head;
  if (token.engagement === 'click' && token.link) {
    const name = Buffer.from(token.link.name).subarray(0, 255);
    payload = Buffer.concat([
      head,
      Buffer.from([...varint(token.link.index), name.length]),
      name,
      Buffer.from(token.link.url),
    ]);
  }
  const encoded = payload.toString('base64url');
  return `${encoded}.${tagOf(key, signed(host, encoded))}`;
}

const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * What a token says, or undefined when it is forged, altered, garbled or made for another host than
 * `host` (trackingHost of the request's Host).
 */
export function decodeTrackingToken(key: string, host: string, token: string): TrackingToken | undefined {
  const match = pattern.exec(token);
  if (!match) return undefined;
  const encoded = match[1] ?? '';
  if (host === '' || !tagMatches(key, signed(host, encoded), match[2] ?? '')) return undefined;
  const payload = Buffer.from(encoded, 'base64url');
  const flags = payload[0] ?? 0;
  const engagement = engagements[(flags >> 1) & 0x3];
  if ((flags & 0xf0) !== VERSION || !engagement || payload.length < 17) return undefined;
  const decoded: TrackingToken = {
    messageId: uuidOf(payload.subarray(1, 17).toString('hex')),
    engagement,
    amp: (flags & 1) === 1,
  };
  if (engagement !== 'click') return decoded;
  let at = 17;
  let index = 0;
  for (let shift = 0; at < payload.length && shift < 28; shift += 7) {
    const byte = payload[at++] ?? 0;
    index |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) break;
  }
  const nameLength = payload[at++];
  if (nameLength === undefined || at + nameLength > payload.length) return undefined;
  const name = payload.subarray(at, at + nameLength).toString();
  const url = payload.subarray(at + nameLength).toString();
  // Signed by us, yet checked again: the redirect must only ever lead to a web page.
  if (!/^https?:\/\//i.test(url)) return undefined;
  return {
    ...decoded,
    link: { index, name, url, ...((flags & UNSUBSCRIBE) !== 0 && { unsubscribe: true }) },
  };
}
