import { defaultDesign } from '@app/contract/editor/default-design';
import type { DesignBlock, EmailDesign } from '@app/contract/editor/design';
import { describe, expect, it } from 'vitest';
import { columnDropId, dropRank, dropTargetOf } from './drop-target.ts';

const style = {
  paddingY: 0,
  paddingX: 0,
  background: 'transparent',
  align: 'left',
  hideOnMobile: false,
} as const;
const text = (id: string) =>
  ({
    id,
    type: 'text',
    style,
    props: { html: '', color: '#000000', fontSize: 14, lineHeight: 1.5 },
  }) as const;
const column = (blocks: ReturnType<typeof text>[]) => ({
  width: 50,
  background: 'transparent',
  padding: 0,
  verticalAlign: 'top' as const,
  blocks,
});
const row: DesignBlock = {
  id: 'row',
  type: 'row',
  style,
  props: { stackOnMobile: true, columns: [column([text('x'), text('y')]), column([])] },
};
const design: EmailDesign = { ...defaultDesign(), blocks: [text('a'), row, text('c')] };

describe('drop target', () => {
  it('drops at the end over the empty canvas, at a gap over a gap', () => {
    expect(dropTargetOf({ id: 'canvas', middleY: 0 }, 0, design, 'text')).toEqual({ place: {}, index: 3 });
    expect(dropTargetOf({ id: 'gap:1', middleY: 0 }, 0, design, 'text')).toEqual({ place: {}, index: 1 });
  });

  it('drops before a block above its middle and after it below', () => {
    expect(dropTargetOf({ id: 'c', middleY: 100 }, 90, design, 'text')).toEqual({ place: {}, index: 2 });
    expect(dropTargetOf({ id: 'c', middleY: 100 }, 110, design, 'text')).toEqual({ place: {}, index: 3 });
  });

  it("drops into a column: beside a block in it, or at the column's end", () => {
    const first = { rowId: 'row', column: 0 };
    expect(dropTargetOf({ id: 'y', middleY: 100 }, 90, design, 'image')).toEqual({ place: first, index: 1 });
    expect(dropTargetOf({ id: 'y', middleY: 100 }, 110, design, 'image')).toEqual({ place: first, index: 2 });
    expect(dropTargetOf({ id: columnDropId('row', 1), middleY: 100 }, 0, design, 'text')).toEqual({
      place: { rowId: 'row', column: 1 },
      index: 0,
    });
  });

  it('puts what a column cannot hold before or after the row instead', () => {
    expect(dropTargetOf({ id: columnDropId('row', 1), middleY: 100 }, 120, design, 'row')).toEqual({
      place: {},
      index: 2,
    });
    expect(dropTargetOf({ id: 'x', middleY: 100 }, 90, design, 'catalog')).toEqual({ place: {}, index: 1 });
  });

  it('prefers a gap, then a block in a column, then the column, then the row, then the canvas', () => {
    const ranks = ['canvas', 'row', columnDropId('row', 0), 'x', 'gap:1'].map((id) => dropRank(id, design));
    expect(ranks).toEqual([4, 3, 2, 1, 0]);
  });

  it('has no target off the canvas', () => {
    expect(dropTargetOf(undefined, 0, design, 'text')).toBeUndefined();
    expect(dropTargetOf({ id: 'zzz', middleY: 0 }, 0, design, 'text')).toBeUndefined();
  });
});
