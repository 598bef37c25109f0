import type { CountdownPayload } from './payloads.ts';
import { svgFontFamily, svgText } from './svg-png.ts';

export const countdownSize = { width: 600, height: 140 };

const units = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
] as const;

/** The whole days, hours, minutes and seconds from `now` until `until`; undefined once it has passed. */
export function remaining(until: Date, now: Date): Record<(typeof units)[number][0], number> | undefined {
  let seconds = Math.floor((until.getTime() - now.getTime()) / 1000);
  if (!(seconds > 0)) return undefined;
  const parts = { days: 0, hours: 0, minutes: 0, seconds: 0 };
  for (const [name, size] of units) {
    parts[name] = Math.floor(seconds / size);
    seconds -= parts[name] * size;
  }
  return parts;
}

/** Four boxes (days, hours, minutes, seconds with labels), or the expired text once `until` has passed. */
export function countdownSvg(payload: CountdownPayload, now: Date): string {
  const { width, height } = countdownSize;
  const left = remaining(new Date(payload.until), now);
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${svgFontFamily}">`;
  if (!left) {
    return `${open}<rect width="100%" height="100%" rx="8" fill="${payload.color}"/><text x="${width / 2}" y="${height / 2 + 10}" font-size="28" font-weight="bold" text-anchor="middle" fill="${payload.textColor}">${svgText(payload.expiredText)}</text></svg>`;
  }
  const boxWidth = 132;
  const gap = (width - boxWidth * units.length) / (units.length + 1);
  const boxes = units.map(([name], index) => {
    const x = gap + index * (boxWidth + gap);
    const value = name === 'days' ? String(left[name]) : String(left[name]).padStart(2, '0');
    return `<rect x="${x}" y="12" width="${boxWidth}" height="${height - 24}" rx="8" fill="${payload.color}"/><text x="${x + boxWidth / 2}" y="76" font-size="44" font-weight="bold" text-anchor="middle" fill="${payload.textColor}">${value}</text><text x="${x + boxWidth / 2}" y="108" font-size="15" text-anchor="middle" fill="${payload.textColor}">${name}</text>`;
  });
  return `${open}${boxes.join('')}</svg>`;
}
