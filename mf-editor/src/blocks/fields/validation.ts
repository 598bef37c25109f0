// The rules design.ts applies on the server, repeated for the panels' messages (zod stays out of the
// editor's bundle). A field keeps what the user typed and shows the message; the server refuses the
// design with the field's path until it is fixed.
import { designLimits } from '@app/contract/editor/design-constants';

const linkPattern = /^$|^(https?:\/\/|mailto:|tel:|\{\{)/i;
const imagePattern = /^$|^https?:\/\//i;

/** The message for a link that design.ts would refuse, else undefined. */
export function linkError(value: string): string | undefined {
  if (value.length > designLimits.url) return `Use at most ${designLimits.url} characters`;
  return linkPattern.test(value) ? undefined : 'Must start with http://, https://, mailto:, tel: or {{';
}

/** The message for an image address design.ts would refuse, else undefined. */
export function imageUrlError(value: string): string | undefined {
  if (value.length > designLimits.url) return `Use at most ${designLimits.url} characters`;
  return imagePattern.test(value) ? undefined : 'Must start with http:// or https://';
}

/** The message for a text longer than `max`, else undefined. */
export function lengthError(value: string, max: number = designLimits.text): string | undefined {
  return value.length > max ? `Use at most ${max} characters` : undefined;
}

/** The message for an ISO 8601 instant the engine cannot read, else undefined. */
export function instantError(value: string): string | undefined {
  return Number.isNaN(Date.parse(value)) ? 'Must be a date and time' : undefined;
}

/** The merge tag name typed by the user, if it is one (letters, digits, "_" and ".", starting with a letter). */
export function mergeTagName(value: string): string | undefined {
  const name = value.trim().replace(/^\{\{\s*|\s*\}\}$/g, '');
  return /^[A-Za-z_][A-Za-z0-9_.]{0,63}$/.test(name) ? name : undefined;
}

/** The video id of a YouTube watch or short link (§5: only those convert), else undefined. */
export function youtubeId(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(parsed.protocol)) return undefined;
  const host = parsed.hostname.replace(/^(www|m)\./, '');
  const id =
    host === 'youtu.be'
      ? parsed.pathname.slice(1)
      : host === 'youtube.com' && parsed.pathname === '/watch'
        ? parsed.searchParams.get('v')
        : host === 'youtube.com' && parsed.pathname.startsWith('/shorts/')
          ? parsed.pathname.slice('/shorts/'.length)
          : undefined;
  return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : undefined;
}

const barcodeRules: Record<string, { pattern: RegExp; message: string }> = {
  code128: { pattern: /^[\x20-\x7e]{1,80}$/, message: 'Use 1 to 80 letters, digits or symbols' },
  code39: {
    pattern: /^[A-Z0-9 .$/+%-]{1,80}$/,
    message: 'Use capital letters, digits, spaces or - . $ / + %',
  },
  ean13: { pattern: /^\d{12,13}$/, message: 'Use 12 or 13 digits' },
  upca: { pattern: /^\d{11,12}$/, message: 'Use 11 or 12 digits' },
  itf14: { pattern: /^\d{13,14}$/, message: 'Use 13 or 14 digits' },
};

/** Why `value` cannot be drawn as a barcode of `format`, else undefined (a merge tag is checked at send time). */
export function barcodeValueError(format: string, value: string): string | undefined {
  if (value.startsWith('{{')) return undefined;
  const rule = barcodeRules[format];
  return rule && !rule.pattern.test(value) ? rule.message : undefined;
}
