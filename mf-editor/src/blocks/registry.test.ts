import { designBlock } from '@app/contract/editor/design';
import { type BlockType, blockTypes } from '@app/contract/editor/design-constants';
import { describe, expect, it } from 'vitest';
import { blockDefinitions, definitionOf } from './registry.ts';

const style = {
  paddingY: 10,
  paddingX: 20,
  background: 'transparent',
  align: 'center',
  hideOnMobile: false,
} as const;
const blockOf = (type: BlockType, props: unknown) => ({ id: `b-${type}`, type, style, props });

describe('the block registry', () => {
  it('has a definition for each block type, under its own type', () => {
    expect(Object.keys(blockDefinitions).sort()).toEqual([...blockTypes].sort());
    for (const type of blockTypes) expect(definitionOf(type).type).toBe(type);
  });

  it.each(blockTypes)('gives %s defaults the server accepts', (type) => {
    const parsed = designBlock.safeParse(blockOf(type, definitionOf(type).create({ page: false })));
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('gives each new block its own lists (editing one block leaves the next new one alone)', () => {
    const first = definitionOf('social').create({ page: false });
    first.links.push({ network: 'tiktok', href: 'https://tiktok.com/' });
    expect(definitionOf('social').create({ page: false }).links).toHaveLength(3);
  });

  it('starts generated and dated blocks in the future, with the sample content the palette promises', () => {
    const countdown = definitionOf('countdown').create({ page: false });
    const days = (Date.parse(countdown.until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    const calendar = definitionOf('calendar').create({ page: false });
    expect(Date.parse(calendar.end) - Date.parse(calendar.start)).toBe(3_600_000);
    expect(definitionOf('voucher').create({ page: false }).code).toBe('WELCOME10');
    expect(definitionOf('chart').create({ page: false }).points).toHaveLength(4);
    expect(
      definitionOf('table')
        .create({ page: false })
        .rows.map((row) => row.length),
    ).toEqual([3, 3, 3]);
    expect(definitionOf('header').create({ page: false }).links).toHaveLength(3);
    expect(definitionOf('catalog').create({ page: false }).items).toHaveLength(2);
    expect(definitionOf('button').create({ page: false })).toMatchObject({
      label: 'Shop now',
      color: '#2457c5',
      textColor: '#ffffff',
    });
    expect(
      definitionOf('social')
        .create({ page: false })
        .links.map((link) => link.network),
    ).toEqual(['facebook', 'x', 'instagram']);
  });

  it('has short palette glyphs', () => {
    for (const type of blockTypes) expect(definitionOf(type).icon.length).toBeLessThanOrEqual(3);
  });

  it("gives a page's text no merge tag: a page has no recipient to fill it", () => {
    expect(definitionOf('text').create({ page: true }).html).not.toContain('{{');
    expect(definitionOf('text').create({ page: false }).html).toContain('{{firstname}}');
  });
});
