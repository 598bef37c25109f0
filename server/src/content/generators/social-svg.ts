import type { SocialNetwork } from './payloads.ts';
import { svgFontFamily } from './svg-png.ts';

/** Each network's badge: its brand colour and a short glyph (our own drawing, no third-party CDN). */
const badges: Record<SocialNetwork, { colour: string; glyph: string }> = {
  facebook: { colour: '#1877f2', glyph: 'f' },
  x: { colour: '#000000', glyph: 'X' },
  instagram: { colour: '#c13584', glyph: 'IG' },
  linkedin: { colour: '#0a66c2', glyph: 'in' },
  youtube: { colour: '#ff0000', glyph: '▶' },
  tiktok: { colour: '#010101', glyph: '♪' },
  whatsapp: { colour: '#25d366', glyph: 'W' },
  pinterest: { colour: '#e60023', glyph: 'P' },
};

/** The pixel size social icons are drawn at (shown at up to 64 CSS pixels, so sharp at 2x). */
export const socialIconPixels = 128;

/** A round coloured badge with the network's glyph in white. */
export function socialSvg(network: SocialNetwork): string {
  const { colour, glyph } = badges[network];
  const size = glyph.length > 1 ? 40 : 56;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" font-family="${svgFontFamily}"><circle cx="64" cy="64" r="64" fill="${colour}"/><text x="64" y="${64 + size * 0.36}" font-size="${size}" font-weight="bold" text-anchor="middle" fill="#ffffff">${glyph}</text></svg>`;
}
