import { domainToASCII } from 'node:url';
import { readHeaderFields } from '../messages/header-fields.ts';
import type { ContentSource } from '../rendering/render-worker.ts';

/** The header block of a whole message given as text, without copying the rest of it. */
function headerBlockOf(source: string): Buffer {
  const ends = [source.indexOf('\r\n\r\n'), source.indexOf('\n\n')].filter((index) => index >= 0);
  return Buffer.from(ends.length > 0 ? source.slice(0, Math.min(...ends)) : source);
}

const domainOfAddress = (address: string) => {
  const at = address.lastIndexOf('@');
  return at < 0
    ? ''
    : address
        .slice(at + 1)
        .trim()
        .toLowerCase();
};

/**
 * The lower-cased ASCII domain of the From address a content sends from, as known before rendering
 * ('' when there is none); a domain that substitution decides is returned with its `{{...}}`, so it
 * matches no verified domain: it could name any domain once rendered.
 */
export function fromDomainOf(content: ContentSource): string {
  let address: string;
  if (content.kind === 'inline') address = content.parts.from.email;
  else if (content.kind === 'rfc822') address = readHeaderFields(headerBlockOf(content.source)).from;
  else
    address = readHeaderFields(
      Buffer.from(content.raw.buffer, content.raw.byteOffset, content.raw.byteLength),
    ).from;
  const domain = domainOfAddress(address);
  if (domain === '' || domain.includes('{{')) return domain;
  // An internationalized domain is registered in its ASCII (punycode) form.
  return domainToASCII(domain) || domain;
}
