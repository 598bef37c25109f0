import { listDefaults } from '@app/contract';

/** What every marketing list keeps in its page's address: the page, its size and the search. */
export interface ListView {
  page: number;
  size: number;
  search: string;
}

const searchMax = 200;
const sizeMax = 100;

const wholeIn = (text: string | null, max: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : undefined;
};

/** The page, size and search of an address's query (what cannot be read is left at its default), and the query itself. */
export function listViewOf(search: string): { view: ListView; params: URLSearchParams } {
  const params = new URLSearchParams(search);
  return {
    params,
    view: {
      page: wholeIn(params.get('page'), Number.MAX_SAFE_INTEGER) ?? listDefaults.page,
      size: wholeIn(params.get('size'), sizeMax) ?? listDefaults.size,
      search: (params.get('search') ?? '').trim().slice(0, searchMax),
    },
  };
}

/**
 * A list page's address: `path` with the view's filters (empty ones left out) and its page and size
 * when not the defaults, so the plain path is the first page of everything.
 */
export function listHref(path: string, view: ListView, filters: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (view.search) params.set('search', view.search);
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (view.page !== listDefaults.page) params.set('page', String(view.page));
  if (view.size !== listDefaults.size) params.set('size', String(view.size));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The last page there is, when the view asks for one past it (its last row was just deleted). */
export function pageAfterEnd(view: ListView, shown: number, total: number): number | null {
  if (shown > 0 || total === 0 || view.page === 1) return null;
  return Math.ceil(total / view.size);
}
