import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';

export type Loaded<T> =
  | { status: 'loading'; data: T | undefined; error: undefined; reload: () => void }
  | { status: 'ready'; data: T; error: undefined; reload: () => void }
  | { status: 'failed'; data: T | undefined; error: Error; reload: () => void };

/**
 * Loads a page's data and reloads it on demand (after a change) or when `deps` change. An answer
 * that arrives after a newer load started is dropped, so a slow first call cannot overwrite a
 * fresher one.
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'failed'; data?: T; error?: Error }>({
    status: 'loading',
  });
  const generation = useRef(0);
  const run = useCallback(() => {
    const mine = ++generation.current;
    setState((current) => ({ status: 'loading', data: current.data }));
    load().then(
      (data) => {
        if (mine === generation.current) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (mine !== generation.current) return;
        setState((current) => ({
          status: 'failed',
          data: current.data,
          error: error instanceof Error ? error : new Error(String(error)),
        }));
      },
    );
  }, deps);
  useEffect(() => {
    run();
    return () => {
      generation.current++;
    };
  }, [run]);
  return { ...state, reload: run } as Loaded<T>;
}
