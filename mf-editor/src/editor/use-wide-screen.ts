import { useSyncExternalStore } from 'react';

/** §2: the editor opens only on screens 1024px wide or more. */
export const wideScreenQuery = '(min-width: 1024px)';

export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(wideScreenQuery);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(wideScreenQuery).matches,
    () => true,
  );
}
