import { describe, expect, it } from 'vitest';
import { fitZoom, minimumZoom } from './fit-zoom.ts';

describe('fitting the canvas into the workspace', () => {
  it('draws a canvas that fits at full size', () => {
    expect(fitZoom(700, 600)).toBe(1);
    expect(fitZoom(600, 600)).toBe(1);
    expect(fitZoom(0, 600)).toBe(1);
  });

  it('shrinks a wider canvas to the workspace, in whole percents, never below the minimum', () => {
    expect(fitZoom(452, 600)).toBe(0.75);
    expect(fitZoom(599, 600)).toBe(0.99);
    expect(fitZoom(100, 600)).toBe(minimumZoom);
  });
});
