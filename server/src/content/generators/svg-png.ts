import { existsSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

// DejaVu ships with Debian (and the container image); elsewhere resvg looks for system fonts.
const dejaVu = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']
  .map((file) => `/usr/share/fonts/truetype/dejavu/${file}`)
  .filter((path) => existsSync(path));

const font =
  dejaVu.length > 0
    ? { fontFiles: dejaVu, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' }
    : { loadSystemFonts: true, defaultFontFamily: 'sans-serif' };

/** The font family generator SVGs name (whatever resvg found stands in for it). */
export const svgFontFamily = dejaVu.length > 0 ? 'DejaVu Sans' : 'sans-serif';

/** An SVG as a PNG `width` pixels wide. */
export function svgToPng(svg: string, width: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: width }, font }).render().asPng();
}

/** Text for SVG content or an attribute value. */
export const svgText = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
