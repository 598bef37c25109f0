import { describe, expect, it } from 'vitest';
import { pageLinks, pagingLinkCount } from './paging.ts';

describe('pagingLinkCount', () => {
  it('shows 3 links under 768px and 5 from 768px', () => {
    expect(pagingLinkCount(320)).toBe(3);
    expect(pagingLinkCount(767)).toBe(3);
    expect(pagingLinkCount(768)).toBe(5);
    expect(pagingLinkCount(1920)).toBe(5);
  });
});

describe('pageLinks', () => {
  it('centres the window on the current page', () => {
    expect(pageLinks(5, 10, 1024)).toEqual([3, 4, 5, 6, 7]);
    expect(pageLinks(5, 10, 500)).toEqual([4, 5, 6]);
  });
  it('keeps the window inside the pages', () => {
    expect(pageLinks(1, 10, 1024)).toEqual([1, 2, 3, 4, 5]);
    expect(pageLinks(10, 10, 1024)).toEqual([6, 7, 8, 9, 10]);
    expect(pageLinks(10, 10, 500)).toEqual([8, 9, 10]);
  });
  it('shows fewer links when there are fewer pages', () => {
    expect(pageLinks(2, 2, 1024)).toEqual([1, 2]);
    expect(pageLinks(1, 1, 500)).toEqual([1]);
  });
  it('clamps a current page out of range and handles no pages', () => {
    expect(pageLinks(99, 4, 500)).toEqual([2, 3, 4]);
    expect(pageLinks(0, 4, 500)).toEqual([1, 2, 3]);
    expect(pageLinks(1, 0, 1024)).toEqual([]);
  });
});
