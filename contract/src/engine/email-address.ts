import { z } from 'zod';

/** RFC 5321 §4.5.3.1: sizes in octets (of the UTF-8 form, RFC 6531 §3.3). */
export const maxLocalPartOctets = 64;
export const maxDomainOctets = 255;
/** The longest address that fits a forward or reverse path (RFC 5321 with erratum 1690). */
export const maxAddressOctets = 254;

// A dot-atom (RFC 5322 §3.2.3) whose atext also admits any printable non-ASCII character (RFC 6531 §3.3).
const atom = /^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]|[^\p{ASCII}\p{C}\p{Z}])+$/u;
// After IDNA conversion to A-labels: letters, digits and inner hyphens.
const asciiLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// What a host name may hold before conversion (the URL parser would also decode %-escapes).
const domainCharacters = /^[\p{L}\p{N}\p{M}.-]+$/u;
const utf8 = new TextEncoder();
const onlyAscii = /^\p{ASCII}*$/u;
const octets = (text: string) => (onlyAscii.test(text) ? text.length : utf8.encode(text).length);

/** Domains already converted: a large send names a few domains many times (bounded, emptied when full). */
const converted = new Map<string, string | undefined>();
const maxConverted = 10_000;

/** The part after the last `@`, lower-cased; '' without one. */
export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : address.slice(at + 1).toLowerCase();
}

/** The domain in A-label (punycode) form, or undefined when it is not a host name. */
export function asciiDomain(domain: string): string | undefined {
  if (converted.has(domain)) return converted.get(domain);
  const ascii = toAsciiDomain(domain);
  if (converted.size >= maxConverted) converted.clear();
  converted.set(domain, ascii);
  return ascii;
}

function toAsciiDomain(domain: string): string | undefined {
  if (!domainCharacters.test(domain) || domain.endsWith('.')) return undefined;
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}/`).hostname;
  } catch {
    return undefined;
  }
  // The URL parser also accepts IP addresses and %-escapes; mail domains are host names.
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => asciiLabel.test(label))) return undefined;
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return undefined;
  return ascii;
}

/**
 * `local@domain` with a dot-atom local part and a host name, ASCII or internationalized (RFC 6531),
 * within RFC 5321's sizes. Quoted local parts and address literals are not accepted.
 */
export function isEmailAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at <= 0) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (octets(local) > maxLocalPartOctets || octets(domain) > maxDomainOctets) return false;
  if (octets(address) > maxAddressOctets) return false;
  if (!local.split('.').every((part) => atom.test(part))) return false;
  return asciiDomain(onlyAscii.test(domain) ? domain : domain.normalize('NFC')) !== undefined;
}

/** An email address as isEmailAddress accepts it. */
export const emailAddress = (message = 'must be an email address') =>
  z.string().refine(isEmailAddress, message);
