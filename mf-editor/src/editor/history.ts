/** How many past states undo can reach. */
export const historyLimit = 100;
/** Edits with the same key closer together than this are one undo step (typing in one field). */
export const coalesceMs = 1_000;

export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** The key and time of the last commit, for coalescing. */
  lastKey: string | undefined;
  lastAt: number;
}

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastKey: undefined, lastAt: 0 };
}

/**
 * Records `next` as the present. With a `key` equal to the previous commit's, made within
 * `coalesceMs`, it replaces the present instead of adding an undo step.
 */
export function commit<T>(history: History<T>, next: T, key?: string, now = Date.now()): History<T> {
  if (next === history.present) return history;
  const coalesce =
    key !== undefined &&
    key === history.lastKey &&
    now - history.lastAt < coalesceMs &&
    history.past.length > 0;
  const past = coalesce ? history.past : [...history.past, history.present].slice(-historyLimit);
  return { past, present: next, future: [], lastKey: key, lastAt: now };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastKey: undefined,
    lastAt: 0,
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future, lastKey: undefined, lastAt: 0 };
}
