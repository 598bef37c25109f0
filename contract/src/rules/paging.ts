import { pagingLinksNarrow, pagingLinksWide, pagingNarrowWidthPx } from './constants.ts';

/** §9: 3 page links under 768px wide, otherwise 5. */
export function pagingLinkCount(width: number): number {
  return width < pagingNarrowWidthPx ? pagingLinksNarrow : pagingLinksWide;
}

/**
 * The page numbers to show as links: a window of pagingLinkCount(width) pages centred on the current
 * page, shifted to stay inside 1..total. The current page is clamped into range; [] when total < 1.
 */
export function pageLinks(current: number, total: number, width: number): number[] {
  const pages = Math.floor(total);
  if (!(pages >= 1)) return [];
  const count = Math.min(pagingLinkCount(width), pages);
  const page = Math.min(Math.max(Math.floor(current) || 1, 1), pages);
  const start = Math.min(Math.max(page - Math.floor(count / 2), 1), pages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}
