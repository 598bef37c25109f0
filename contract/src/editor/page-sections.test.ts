import { describe, expect, it } from 'vitest';
import { defaultPageDesign } from './default-design.ts';
import { pageDesign } from './design.ts';
import { pageSections, sectionCategories } from './page-sections.ts';

describe('the ready-made page sections', () => {
  it('are each a valid row of a page, under every category', () => {
    for (const section of pageSections) {
      const parsed = pageDesign.safeParse({ ...defaultPageDesign(), blocks: [section.block] });
      expect({ key: section.key, issues: parsed.error?.issues ?? [] }).toEqual({
        key: section.key,
        issues: [],
      });
    }
    expect(new Set(pageSections.map((section) => section.category))).toEqual(new Set(sectionCategories));
    expect(new Set(pageSections.map((section) => section.key)).size).toBe(pageSections.length);
  });

  it('fit together on one page', () => {
    const all = pageDesign.safeParse({
      ...defaultPageDesign(),
      blocks: pageSections.map((section) => section.block),
    });
    expect(all.error?.issues ?? []).toEqual([]);
  });
});
