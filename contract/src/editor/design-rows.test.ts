import { describe, expect, it } from 'vitest';
import { defaultDesign } from './default-design.ts';
import { allBlocks, type DesignBlock, type EmailDesign, emailDesign } from './design.ts';

const style = {
  paddingY: 0,
  paddingX: 0,
  background: 'transparent',
  align: 'left',
  hideOnMobile: false,
} as const;
const text = (id: string): DesignBlock => ({
  id,
  type: 'text',
  style,
  props: { html: '<p>Hi</p>', color: '#111111', fontSize: 14, lineHeight: 1.5 },
});
const column = (width: number, blocks: unknown[] = []) => ({
  width,
  background: 'transparent',
  padding: 8,
  verticalAlign: 'top',
  blocks,
});
const row = (columns: unknown[], id = 'row-1') => ({
  id,
  type: 'row',
  style,
  props: { columns, stackOnMobile: true },
});
const withBlocks = (...blocks: unknown[]) => ({ ...defaultDesign(), blocks }) as unknown as EmailDesign;
const problems = (design: EmailDesign) =>
  emailDesign.safeParse(design).error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`) ??
  [];

describe('a row of columns', () => {
  it('holds 1 to 4 columns whose widths add up to 100', () => {
    expect(problems(withBlocks(row([column(50, [text('a')]), column(50, [text('b')])])))).toEqual([]);
    expect(problems(withBlocks(row([column(50), column(40)])))).toEqual([
      'blocks.0.props.columns are as wide as the row together: their widths add up to 100%',
    ]);
    expect(problems(withBlocks(row([])))[0]).toContain('has at least 1 column');
    expect(problems(withBlocks(row([20, 20, 20, 20, 20].map((width) => column(width)))))[0]).toContain(
      'has at most 4 columns',
    );
  });

  it('takes no row, voucher or catalog inside a column', () => {
    expect(problems(withBlocks(row([column(100, [row([column(100)], 'inner')])])))).not.toEqual([]);
    const voucher = { ...text('v'), type: 'voucher' };
    expect(problems(withBlocks(row([column(100, [voucher])])))).not.toEqual([]);
  });

  it('counts the blocks in columns towards the 200 and keeps every id unique', () => {
    const many = Array.from({ length: 150 }, (_, n) => text(`t${n}`));
    const full = withBlocks(
      row([column(50, many.slice(0, 75)), column(50, many.slice(75))]),
      ...many.slice(0, 0),
    );
    expect(allBlocks(full.blocks)).toHaveLength(151);
    expect(problems(full)).toEqual([]);
    const over = withBlocks(
      row([column(50, many.slice(0, 75)), column(50, many.slice(75))]),
      ...Array.from({ length: 50 }, (_, n) => text(`u${n}`)),
    );
    expect(problems(over)).toEqual(['blocks has at most 200 blocks, those in columns included']);
    expect(problems(withBlocks(text('same'), row([column(100, [text('same')])])))).toEqual([
      'blocks has two blocks with the id same',
    ]);
  });
});
