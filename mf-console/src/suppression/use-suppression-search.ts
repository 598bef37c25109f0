import type { SuppressionView } from '@app/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchSuppressions } from './api.ts';
import { matchesFilter, type SearchFilter, type SearchRequest } from './search-query.ts';

export interface SearchState {
  status: 'loading' | 'ready' | 'failed';
  entries: SuppressionView[];
  total: number;
  next?: string;
  error?: string;
  /** Reads the next page and adds it below. */
  more: () => void;
  /** Reads the first page again (after a change). */
  reload: () => void;
}

/**
 * The entries `request` finds, a page at a time (the engine's cursor paging): the first page when
 * the request changes, the next ones on `more`. An answer to an older request is dropped.
 */
export function useSuppressionSearch(request: SearchRequest, filter: SearchFilter): SearchState {
  const [state, setState] = useState<Omit<SearchState, 'more' | 'reload'>>({
    status: 'loading',
    entries: [],
    total: 0,
  });
  const generation = useRef(0);
  const key = JSON.stringify([request, filter]);

  const load = useCallback(
    (cursor?: string) => {
      const mine = ++generation.current;
      setState((current) => ({ ...current, status: 'loading' }));
      searchSuppressions(request, cursor).then(
        (page) => {
          if (mine !== generation.current) return;
          // An address's few entries are narrowed here by the filters its lookup does not take.
          const found = request.recipient
            ? page.entries.filter((entry) => matchesFilter(entry, filter))
            : null;
          setState((current) => ({
            status: 'ready',
            entries: [...(cursor ? current.entries : []), ...(found ?? page.entries)],
            total: found ? found.length : page.total,
            ...(page.next ? { next: page.next } : {}),
          }));
        },
        (error: unknown) => {
          if (mine !== generation.current) return;
          setState((current) => ({
            ...current,
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
          }));
        },
      );
    },
    // The request's content, not its identity, decides when to search again.
    [key],
  );

  useEffect(() => {
    load();
    return () => {
      generation.current++;
    };
  }, [load]);

  return { ...state, more: () => load(state.next), reload: () => load() };
}
