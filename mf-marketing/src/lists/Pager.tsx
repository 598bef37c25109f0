import { pageLinks, pagingNarrowWidthPx } from '@app/contract';
import { Button } from '@app/shared';
import { useEffect, useState } from 'react';

/** The window's width, kept current: the pager shows fewer page links on narrow screens (§9). */
function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const narrow = window.matchMedia(`(max-width: ${pagingNarrowWidthPx - 1}px)`);
    const update = () => setWidth(window.innerWidth);
    narrow.addEventListener('change', update);
    return () => narrow.removeEventListener('change', update);
  }, []);
  return width;
}

/**
 * The list conventions' pager (§9): previous, 3 page links under 768 px (5 otherwise) around the
 * current page, next, and what the page shows ("11–20 of 47"). Nothing when everything fits on one page.
 */
export function Pager({
  label,
  page,
  size,
  total,
  onPage,
}: {
  /** What is paged, for screen readers: "Files". */
  label: string;
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const width = useWindowWidth();
  const pages = Math.ceil(total / size);
  if (pages <= 1) return null;
  const first = (page - 1) * size + 1;
  const last = Math.min(page * size, total);
  return (
    <nav className="app-pager" aria-label={`${label} pages`}>
      <span className="muted">
        {first}–{last} of {total}
      </span>
      <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {pageLinks(page, pages, width).map((number) => (
        <Button
          key={number}
          size="small"
          variant={number === page ? 'primary' : 'secondary'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => onPage(number)}
        >
          {number}
        </Button>
      ))}
      <Button size="small" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
