import { useEffect, useState } from 'react';
import type { PageApi } from './api.ts';

/** What the field says of the permalink typed: nothing yet, being checked, free, or why not. */
export type PermalinkState =
  | { status: 'idle' | 'checking' | 'valid' }
  | { status: 'invalid'; message: string };

/**
 * Checks `permalink` with the server a moment after typing stops (§5): the page's `original` value
 * counts as valid without a call; anything else must be well formed and unique.
 */
export function usePermalinkCheck(
  api: PageApi,
  permalink: string,
  options: { pageId?: string; original?: string } = {},
): PermalinkState {
  const { pageId, original } = options;
  const [state, setState] = useState<PermalinkState>({ status: 'idle' });
  useEffect(() => {
    if (permalink === '' || permalink === original) {
      setState({ status: permalink === '' ? 'idle' : 'valid' });
      return;
    }
    setState({ status: 'checking' });
    let live = true;
    const timer = setTimeout(() => {
      api.checkPermalink(permalink, pageId).then(
        (check) => {
          if (!live) return;
          setState(
            check.valid
              ? { status: 'valid' }
              : { status: 'invalid', message: check.message ?? 'Invalid permalink' },
          );
        },
        () => live && setState({ status: 'idle' }),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, permalink, pageId, original]);
  return state;
}
