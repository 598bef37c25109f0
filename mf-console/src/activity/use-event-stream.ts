import type { ActivityFilters } from '@app/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cursorOf, type MessageEvent, searchEvents } from './api.ts';

/** What one list row needs, kept small: 100,000 of them stay in memory while the list scrolls. */
export interface EventRow {
  id: string;
  type: string;
  timestamp: string;
  recipient: string;
  subject: string;
  messageId: string;
  detail: string;
}

const rowOf = (event: MessageEvent): EventRow => ({
  id: event.event_id,
  type: event.type,
  timestamp: event.timestamp,
  recipient: event.rcpt_to ?? '',
  subject: event.subject ?? '',
  messageId: event.message_id ?? '',
  detail: event.reason || event.raw_reason || event.target_link_url || '',
});

export interface EventStream {
  rows: EventRow[];
  /** Matches counted by the engine, at most 10,000 (it stops counting there). */
  total: number;
  hasMore: boolean;
  status: 'loading' | 'ready' | 'failed';
  error: string | undefined;
  loadMore: () => void;
}

/**
 * The events matching `filters` (a new `key` starts over), a page at a time by the engine's cursor.
 * An answer for an older key is dropped.
 */
export function useEventStream(filters: ActivityFilters | undefined, key: string): EventStream {
  const [state, setState] = useState<Omit<EventStream, 'loadMore'>>({
    rows: [],
    total: 0,
    hasMore: false,
    status: 'loading',
    error: undefined,
  });
  const generation = useRef(0);
  const cursor = useRef<string | undefined>(undefined);
  const busy = useRef(false);

  const load = useCallback(
    (fresh: boolean) => {
      if (!filters) return;
      if (busy.current && !fresh) return;
      const mine = fresh ? ++generation.current : generation.current;
      if (fresh) cursor.current = undefined;
      busy.current = true;
      setState((current) => ({
        ...current,
        ...(fresh ? { rows: [], total: 0, hasMore: false } : {}),
        status: 'loading',
        error: undefined,
      }));
      searchEvents(filters, cursor.current).then(
        (page) => {
          if (mine !== generation.current) return;
          busy.current = false;
          cursor.current = cursorOf(page.links.next);
          const added = page.results.map(rowOf);
          setState((current) => ({
            rows: fresh ? added : current.rows.concat(added),
            total: page.total_count,
            hasMore: cursor.current !== undefined,
            status: 'ready',
            error: undefined,
          }));
        },
        (error: Error) => {
          if (mine !== generation.current) return;
          busy.current = false;
          setState((current) => ({ ...current, status: 'failed', error: error.message }));
        },
      );
    },
    // The key names the filters (they change exactly when it does): a new key is a new search.
    [key],
  );

  useEffect(() => {
    load(true);
    return () => {
      generation.current++;
      busy.current = false;
    };
  }, [load]);

  return { ...state, loadMore: () => load(false) };
}
