import type { SuppressionBulkEntry, SuppressionSummary, SuppressionView } from '@app/contract';
import { ApiError, http } from '@app/shared';
import type { SearchRequest } from './search-query.ts';

interface PagedAnswer {
  results: SuppressionView[];
  total_count: number;
  links: { next?: string };
}

export interface SuppressionPage {
  entries: SuppressionView[];
  total: number;
  /** The cursor of the next page, if there is one. */
  next?: string;
}

const cursorOf = (link: string | undefined) =>
  link ? (new URL(link, 'http://localhost').searchParams.get('cursor') ?? undefined) : undefined;

const pageOf = (answer: PagedAnswer): SuppressionPage => {
  const next = cursorOf(answer.links.next);
  return { entries: answer.results, total: answer.total_count, ...(next ? { next } : {}) };
};

/**
 * One page of the list for `request`: the search (by domain, type, source, dates), or one address's
 * entries (the engine's exact lookup, which answers 404 when it has none).
 */
export async function searchSuppressions(request: SearchRequest, cursor?: string): Promise<SuppressionPage> {
  const params = new URLSearchParams(request.query);
  if (cursor) params.set('cursor', cursor);
  if (request.recipient === undefined) {
    return pageOf(await http.transactional.get<PagedAnswer>(`/suppression-list?${params}`));
  }
  try {
    const path = `/suppression-list/${encodeURIComponent(request.recipient)}?${params}`;
    return pageOf(await http.transactional.get<PagedAnswer>(path, { quiet: true }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { entries: [], total: 0 };
    throw error;
  }
}

export const suppressionSummary = () =>
  http.transactional
    .get<{ results: SuppressionSummary }>('/suppression-list/summary')
    .then((answer) => answer.results);

/** Adds or updates entries, all or none (at most 10,000 a call). */
export const putSuppressions = (recipients: readonly SuppressionBulkEntry[]) =>
  http.transactional.put<unknown>('/suppression-list', { recipients }, { quiet: true });

/** Removes one entry: of its type and mailing list, in the (sub)account that holds it. */
export const removeSuppression = (entry: SuppressionView) => {
  const params = new URLSearchParams({ type: entry.type, list_id: entry.list_id ?? '' });
  const headers = entry.subaccount_id ? { 'X-MSYS-SUBACCOUNT': String(entry.subaccount_id) } : undefined;
  return http.transactional.delete<void>(
    `/suppression-list/${encodeURIComponent(entry.recipient)}?${params}`,
    headers ? { headers } : {},
  );
};
