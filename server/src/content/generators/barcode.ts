import { toBuffer } from 'bwip-js/node';
import type { BarcodePayload } from './payloads.ts';

const digits = (value: string, lengths: number[]) => /^\d+$/.test(value) && lengths.includes(value.length);

/** The GS1 check digit of the digits before it (EAN-13, UPC-A, ITF-14 share it). */
function checkDigitMatches(value: string): boolean {
  const body = value.slice(0, -1);
  const sum = [...body]
    .reverse()
    .reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(value.at(-1));
}

/** Why `value` cannot be drawn in `format`, or undefined when it can; checked before a URL is made. */
export function barcodeProblem({
  format,
  value,
}: Pick<BarcodePayload, 'format' | 'value'>): string | undefined {
  if (value === '') return 'has no value';
  switch (format) {
    case 'code128':
      return /^[\x20-\x7e]{1,80}$/.test(value) ? undefined : 'takes printable ASCII characters only';
    case 'code39':
      return /^[0-9A-Z \-.$/+%]+$/.test(value)
        ? undefined
        : 'takes digits, capital letters and - . $ / + % only';
    case 'ean13':
      if (!digits(value, [12, 13])) return 'takes 12 or 13 digits';
      return value.length === 12 || checkDigitMatches(value) ? undefined : 'has a wrong check digit';
    case 'upca':
      if (!digits(value, [11, 12])) return 'takes 11 or 12 digits';
      return value.length === 11 || checkDigitMatches(value) ? undefined : 'has a wrong check digit';
    case 'itf14':
      if (!digits(value, [13, 14])) return 'takes 13 or 14 digits';
      return value.length === 13 || checkDigitMatches(value) ? undefined : 'has a wrong check digit';
  }
}

/** The barcode as a PNG, drawn at 3 device pixels per module. */
export function barcodePng(payload: BarcodePayload): Promise<Buffer> {
  return toBuffer({
    bcid: payload.format,
    text: payload.value,
    scale: 3,
    height: 14,
    includetext: payload.showText,
    textxalign: 'center',
    backgroundcolor: 'ffffff',
    paddingwidth: 6,
    paddingheight: 4,
  });
}
