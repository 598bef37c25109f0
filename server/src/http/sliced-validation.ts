import type { z } from 'zod';
import { type FieldIssue, InvalidFields } from './sparkpost-errors.ts';

/** How long parsing runs between two turns of the event loop (100,000 recipients take ~250 ms). */
const sliceMs = 10;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Parses a large array of a request body item by item, a slice at a time, so that other requests
 * are served in between; the parsed items, or InvalidFields naming each refused item under `path`.
 */
export async function parseInSlices<T extends z.ZodType>(
  item: T,
  items: readonly unknown[],
  path: readonly (string | number)[],
): Promise<z.output<T>[]> {
  const parsed: z.output<T>[] = [];
  const issues: FieldIssue[] = [];
  let sliceStarted = performance.now();
  for (let index = 0; index < items.length; index += 1) {
    // Timed, not counted: one item may hold 100 KB of substitution data, another a bare address.
    if (performance.now() - sliceStarted > sliceMs) {
      await nextTurn();
      sliceStarted = performance.now();
    }
    const result = item.safeParse(items[index]);
    if (result.success) parsed.push(result.data);
    else {
      for (const issue of result.error.issues) {
        issues.push({ path: [...path, index, ...issue.path.map(String)], message: issue.message });
      }
      if (issues.length >= 10) break;
    }
  }
  if (issues.length > 0) throw new InvalidFields(issues);
  return parsed;
}
