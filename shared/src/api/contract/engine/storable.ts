import { z } from 'zod';

/** Deepest nesting of objects and arrays accepted in a request (the body itself is level 1). */
export const maxJsonDepth = 32;

/** ES2024's String.prototype.isWellFormed (Node 20+, current browsers), not in the project's lib yet. */
type WellFormedCheck = string & { isWellFormed(): boolean };

/**
 * No NUL character (PostgreSQL's text and jsonb refuse it) and no UTF-16 surrogate without its pair
 * (jsonb refuses it; text would store a replacement character instead).
 */
function isStorableText(text: string): boolean {
  return !text.includes('\0') && (text as WellFormedCheck).isWellFormed();
}

export interface Unstorable {
  path: Array<string | number>;
  message: string;
}

interface Visit {
  value: unknown;
  key: string | number | undefined;
  parent: Visit | undefined;
  depth: number;
}

function pathOf(visit: Visit): Array<string | number> {
  const path: Array<string | number> = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}

/** Values a unit carries that are not JSON: bytes and dates are stored as such, never as text. */
const isOpaque = (value: object) => ArrayBuffer.isView(value) || value instanceof Date;

/** Whether PostgreSQL can store all of `value` within `maxDepth`: the fast pass, with no paths kept. */
function isStorable(value: unknown, maxDepth: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const current = values.pop();
    const depth = (depths.pop() ?? 0) + 1;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return false;
      continue;
    }
    if (typeof current !== 'object' || current === null || isOpaque(current)) continue;
    if (depth > maxDepth) return false;
    if (Array.isArray(current)) {
      for (const item of current) {
        values.push(item);
        depths.push(depth);
      }
      continue;
    }
    for (const key of Object.keys(current)) {
      if (!isStorableText(key)) return false;
      values.push((current as Record<string, unknown>)[key]);
      depths.push(depth);
    }
  }
  return true;
}

/** Where isStorable failed: the slower walk that keeps each value's path. */
function locateUnstorable(value: unknown, maxDepth: number): Unstorable | undefined {
  const stack: Visit[] = [{ value, key: undefined, parent: undefined, depth: 0 }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) {
        return { path: pathOf(visit), message: 'contains a NUL character or an invalid UTF-16 sequence' };
      }
      continue;
    }
    if (typeof current !== 'object' || current === null || isOpaque(current)) continue;
    const depth = visit.depth + 1;
    if (depth > maxDepth) {
      return { path: pathOf(visit), message: `nests objects and arrays deeper than ${maxDepth} levels` };
    }
    for (const [key, item] of Object.entries(current)) {
      const child: Visit = {
        value: item,
        key: Array.isArray(current) ? Number(key) : key,
        parent: visit,
        depth,
      };
      if (!isStorableText(key)) {
        return {
          path: pathOf(child),
          message: 'has a key with a NUL character or an invalid UTF-16 sequence',
        };
      }
      stack.push(child);
    }
  }
  return undefined;
}

/**
 * The first place in `value` that PostgreSQL could not store as text or jsonb, or that nests deeper
 * than `maxDepth`. Walks arrays and objects (not Buffers or Dates) without recursion, so no input
 * can exhaust the stack.
 */
export function findUnstorable(value: unknown, maxDepth = maxJsonDepth): Unstorable | undefined {
  return isStorable(value, maxDepth) ? undefined : locateUnstorable(value, maxDepth);
}

/**
 * Any input that PostgreSQL can store: the engine API pipes every request part through it before
 * the route's own schema, so no route can forget it.
 */
export const storableInput = z.unknown().superRefine((value, context) => {
  const problem = findUnstorable(value);
  if (problem)
    context.addIssue({ code: 'custom', path: problem.path, message: problem.message, input: value });
});

/** `text` in UTF-8 is at most `max` bytes (SparkPost counts its limits in bytes). */
const utf8 = new TextEncoder();

export const withinBytes = (max: number) => (text: string) => utf8.encode(text).length <= max;

/** Text of at most `max` UTF-8 bytes. */
export const byteLimitedText = (max: number) =>
  z.string().refine(withinBytes(max), `is at most ${max} bytes`);

const lineBreak = /[\r\n]/;

/** A header field's value: one line, so it cannot add fields of its own (header injection). */
export const headerText = (max?: number) =>
  (max === undefined ? z.string() : z.string().max(max)).refine(
    (text) => !lineBreak.test(text),
    'must be one line (no CR or LF)',
  );

/** A JSON object whose serialized form is at most `maxBytes` (metadata 10 KB, substitution data 100 KB). */
export const jsonObject = (maxBytes: number, name: string) =>
  z
    .record(z.string(), z.unknown())
    .refine(
      (value) => withinBytes(maxBytes)(JSON.stringify(value)),
      `${name} is at most ${maxBytes / 1024} KB`,
    );
