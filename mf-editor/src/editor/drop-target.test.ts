import { describe, expect, it } from 'vitest';
import { dropIndexOf } from './drop-target.ts';

const ids = ['a', 'b', 'c'];

describe('drop target', () => {
  it('drops at the end over the empty canvas, at a gap over a gap', () => {
    expect(dropIndexOf({ id: 'canvas', middleY: 0 }, 0, ids)).toBe(3);
    expect(dropIndexOf({ id: 'canvas', middleY: 0 }, 0, [])).toBe(0);
    expect(dropIndexOf({ id: 'gap:1', middleY: 0 }, 0, ids)).toBe(1);
  });

  it('drops before a block above its middle and after it below', () => {
    expect(dropIndexOf({ id: 'b', middleY: 100 }, 90, ids)).toBe(1);
    expect(dropIndexOf({ id: 'b', middleY: 100 }, 110, ids)).toBe(2);
  });

  it('has no target off the canvas', () => {
    expect(dropIndexOf(undefined, 0, ids)).toBeUndefined();
    expect(dropIndexOf({ id: 'zzz', middleY: 0 }, 0, ids)).toBeUndefined();
  });
});
