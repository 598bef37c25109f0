import type { ChartPayload } from './payloads.ts';
import { svgFontFamily, svgText } from './svg-png.ts';

/** The chart's drawing size in CSS pixels (the PNG is drawn at twice this). */
export const chartSize = { width: 600, height: 340 };

const palette = ['#2563eb', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#0ea5e9', '#f97316', '#64748b'];
const frame = { left: 56, right: 24, top: 56, bottom: 56 };

const label = (x: number, y: number, text: string, anchor = 'middle', size = 13) =>
  `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${size}" text-anchor="${anchor}" fill="#334155">${svgText(text)}</text>`;

/** Round numbers for the value axis: 0 and the largest value (or the smallest, when negative). */
function valueRange(values: number[]): { min: number; max: number } {
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  return max === min ? { min, max: min + 1 } : { min, max };
}

const shortNumber = (value: number) =>
  Math.abs(value) >= 1000
    ? `${(value / 1000).toFixed(1).replace(/\.0$/, '')}k`
    : `${Number(value.toFixed(2))}`;

function axes(payload: ChartPayload): string {
  const { width, height } = chartSize;
  const plotWidth = width - frame.left - frame.right;
  const plotHeight = height - frame.top - frame.bottom;
  const { min, max } = valueRange(payload.points.map((point) => point.value));
  const y = (value: number) => frame.top + plotHeight - ((value - min) / (max - min)) * plotHeight;
  const step = plotWidth / Math.max(1, payload.points.length);
  const grid = [min, (min + max) / 2, max]
    .map(
      (value) =>
        `<line x1="${frame.left}" x2="${width - frame.right}" y1="${y(value).toFixed(1)}" y2="${y(value).toFixed(1)}" stroke="#e2e8f0"/>${label(frame.left - 8, y(value) + 4, shortNumber(value), 'end', 11)}`,
    )
    .join('');
  const names = payload.points
    .map((point, index) =>
      label(frame.left + step * (index + 0.5), height - frame.bottom + 20, point.label, 'middle', 11),
    )
    .join('');
  const marks =
    payload.kind === 'bar'
      ? payload.points
          .map((point, index) => {
            const top = Math.min(y(point.value), y(0));
            const barHeight = Math.abs(y(point.value) - y(0));
            return `<rect x="${(frame.left + step * index + step * 0.15).toFixed(1)}" y="${top.toFixed(1)}" width="${(step * 0.7).toFixed(1)}" height="${barHeight.toFixed(1)}" rx="3" fill="${payload.color}"/>`;
          })
          .join('')
      : `<polyline fill="none" stroke="${payload.color}" stroke-width="3" stroke-linejoin="round" points="${payload.points
          .map(
            (point, index) =>
              `${(frame.left + step * (index + 0.5)).toFixed(1)},${y(point.value).toFixed(1)}`,
          )
          .join(' ')}"/>${payload.points
          .map(
            (point, index) =>
              `<circle cx="${(frame.left + step * (index + 0.5)).toFixed(1)}" cy="${y(point.value).toFixed(1)}" r="4" fill="${payload.color}"/>`,
          )
          .join('')}`;
  return grid + marks + names;
}

function pie(payload: ChartPayload): string {
  const points = payload.points.filter((point) => point.value > 0);
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const cx = 190;
  const cy = frame.top + (chartSize.height - frame.top - 16) / 2;
  const r = Math.min(120, (chartSize.height - frame.top - 24) / 2);
  let angle = -Math.PI / 2;
  const slices = points.map((point, index) => {
    // The block's colour first, then the palette's.
    const colours = [payload.color, ...palette.filter((colour) => colour !== payload.color)];
    const colour = colours[index % colours.length];
    const sweep = (point.value / total) * Math.PI * 2;
    const legend = `<rect x="360" y="${frame.top + index * 22}" width="12" height="12" fill="${colour}"/>${label(380, frame.top + index * 22 + 11, `${point.label} (${Math.round((point.value / total) * 100)}%)`, 'start', 12)}`;
    if (points.length === 1) return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}"/>${legend}`;
    const start = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
    angle += sweep;
    const end = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
    const large = sweep > Math.PI ? 1 : 0;
    return `<path d="M${cx},${cy} L${start[0]?.toFixed(1)},${start[1]?.toFixed(1)} A${r},${r} 0 ${large} 1 ${end[0]?.toFixed(1)},${end[1]?.toFixed(1)} Z" fill="${colour}" stroke="#ffffff" stroke-width="2"/>${legend}`;
  });
  return slices.join('');
}

/** A bar, line or pie chart of the points, with its title, on white. */
export function chartSvg(payload: ChartPayload): string {
  const { width, height } = chartSize;
  const body = payload.points.length === 0 ? '' : payload.kind === 'pie' ? pie(payload) : axes(payload);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${svgFontFamily}"><rect width="100%" height="100%" fill="#ffffff"/>${label(width / 2, 32, payload.title, 'middle', 18)}${body}</svg>`;
}
