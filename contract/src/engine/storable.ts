import { z } from 'zod';

/** Deepest nesting of objects and arrays accepted in a request (the body itself is level 1). */
export const maxJsonDepth = 32;

/** ES2024's String.prototype.isWellFormed (Node 20+, current browsers), not in the project's lib yet. */
type WellFormedCheck = string & { isWellFormed(): boolean };

/**
 * No NUL character (PostgreSQL's text and jsonb refuse it) and no UTF-16 surrogate without its pair
 * (jsonb refuses it; text would store a replacement character instead).
 */
const isStorableText = (text: string) => !text.includes('\0') && (text as WellFormedCheck).isWellFormed();

export interface Unstorable {
  path: Array<string | number>;
  message: string;
}

/** Values a unit carries that are not JSON: bytes and dates are stored as such, never as text. */
const isOpaque = (value: object) => ArrayBuffer.isView(value) || value instanceof Date;

/** What a walk's `run` answers when it stopped after its share of values and has more to do. */
const unfinished = 'unfinished';

interface Walk<Outcome> {
  /** Walks about `values` more values (at least one object or array); the outcome once done. */
  run(values: number): Outcome | typeof unfinished;
}

/**
 * Whether PostgreSQL can store all of a value within `maxDepth`: the fast walk, with no paths kept.
 * Iterative (no input can exhaust the call stack), each object's keys walked with for…in, which
 * allocates nothing, unlike Object.keys.
 */
class StorableCheck implements Walk<boolean> {
  /** Pairs of an object or array still to walk and its depth. */
  private readonly stack: unknown[] = [];
  private readonly storableKeys = new Set<string>();
  private readonly maxDepth: number;
  private storable = true;

  constructor(value: unknown, maxDepth: number) {
    this.maxDepth = maxDepth;
    this.storable = this.add(value, 0);
  }

  /** Checks a string now, queues an object or array; false when `value` is not storable. */
  private add(value: unknown, parentDepth: number): boolean {
    if (typeof value === 'string') return isStorableText(value);
    if (typeof value !== 'object' || value === null || isOpaque(value)) return true;
    if (parentDepth >= this.maxDepth) return false;
    this.stack.push(value, parentDepth + 1);
    return true;
  }

  run(values: number): boolean | typeof unfinished {
    const { stack } = this;
    let left = values;
    while (this.storable && stack.length > 0) {
      if (left <= 0) return unfinished;
      const depth = stack.pop() as number;
      const container = stack.pop() as Record<string, unknown> | unknown[];
      if (Array.isArray(container)) {
        for (const item of container) if (!this.add(item, depth)) return this.fail();
        left -= container.length + 1;
        continue;
      }
      for (const key in container) {
        if (!this.isStorableKey(key) || !this.add(container[key], depth)) return this.fail();
        left--;
      }
      left--;
    }
    return this.storable;
  }

  /** Bodies repeat the same few keys in every recipient: each is checked once. */
  private isStorableKey(key: string): boolean {
    if (this.storableKeys.has(key)) return true;
    if (!isStorableText(key)) return false;
    this.storableKeys.add(key);
    return true;
  }

  private fail(): false {
    this.storable = false;
    return false;
  }
}

/** An object or array being walked: its keys (none for an array) and the index of its next value. */
interface Frame {
  container: Record<string, unknown> | unknown[];
  keys: string[] | undefined;
  next: number;
}

const frameOf = (container: object): Frame =>
  Array.isArray(container)
    ? { container, keys: undefined, next: 0 }
    : { container: container as Record<string, unknown>, keys: Object.keys(container), next: 0 };

const messages = {
  text: 'contains a NUL character or an invalid UTF-16 sequence',
  key: 'has a key with a NUL character or an invalid UTF-16 sequence',
  depth: (maxDepth: number) => `nests objects and arrays deeper than ${maxDepth} levels`,
};

/**
 * Where StorableCheck failed: the first problem in document order. A depth-first walk whose stack
 * of frames holds the path of the value at hand, read only when a problem is found.
 */
class UnstorableSearch implements Walk<Unstorable | undefined> {
  private readonly frames: Frame[] = [];
  private readonly maxDepth: number;
  private problem: Unstorable | undefined;

  constructor(value: unknown, maxDepth: number) {
    this.maxDepth = maxDepth;
    if (typeof value === 'string') {
      if (!isStorableText(value)) this.problem = { path: [], message: messages.text };
    } else if (typeof value === 'object' && value !== null && !isOpaque(value)) {
      if (maxDepth < 1) this.problem = { path: [], message: messages.depth(maxDepth) };
      else this.frames.push(frameOf(value));
    }
  }

  run(values: number): Unstorable | undefined | typeof unfinished {
    const { frames } = this;
    for (let left = values; this.problem === undefined && frames.length > 0; left--) {
      if (left <= 0) return unfinished;
      const frame = frames[frames.length - 1] as Frame;
      const { container, keys } = frame;
      const index = frame.next;
      if (index >= (keys ?? (container as unknown[])).length) {
        frames.pop();
        continue;
      }
      frame.next++;
      let item: unknown;
      if (keys) {
        const key = keys[index] as string;
        if (!isStorableText(key)) return this.fail(messages.key);
        item = (container as Record<string, unknown>)[key];
      } else {
        item = (container as unknown[])[index];
      }
      if (typeof item === 'string') {
        if (!isStorableText(item)) return this.fail(messages.text);
      } else if (typeof item === 'object' && item !== null && !isOpaque(item)) {
        if (frames.length >= this.maxDepth) return this.fail(messages.depth(this.maxDepth));
        frames.push(frameOf(item));
      }
    }
    return this.problem;
  }

  /** The problem at the value last reached: its path is the frames' current keys. */
  private fail(message: string): Unstorable {
    const path = this.frames.map(({ keys, next }) => (keys ? (keys[next - 1] as string) : next - 1));
    this.problem = { path, message };
    return this.problem;
  }
}

const wholly = <Outcome>(walk: Walk<Outcome>) => walk.run(Number.POSITIVE_INFINITY) as Outcome;

/**
 * The first place in `value` that PostgreSQL could not store as text or jsonb, or that nests deeper
 * than `maxDepth`. Walks arrays and objects, not Buffers or Dates.
 */
export function findUnstorable(value: unknown, maxDepth = maxJsonDepth): Unstorable | undefined {
  return wholly(new StorableCheck(value, maxDepth))
    ? undefined
    : wholly(new UnstorableSearch(value, maxDepth));
}

/** Values walked between two looks at the clock. */
const valuesPerStep = 4096;
/** How long a sliced walk holds its thread before it lets others run. */
const sliceMs = 10;
const letOthersRun = () => new Promise((resolve) => setTimeout(resolve, 0));

async function inSlices<Outcome>(walk: Walk<Outcome>): Promise<Outcome> {
  let sliceStart = performance.now();
  for (let outcome = walk.run(valuesPerStep); ; outcome = walk.run(valuesPerStep)) {
    if (outcome !== unfinished) return outcome;
    if (performance.now() - sliceStart > sliceMs) {
      await letOthersRun();
      sliceStart = performance.now();
    }
  }
}

/** Outcomes of findUnstorableInSlices, which storableInput then takes instead of walking again. */
const walked = new WeakMap<object, Unstorable | undefined>();

/**
 * findUnstorable that lets other work run every few ms: the engine API runs it on request bodies
 * before validation, and the ingest writer on what it is about to commit, since 100,000 recipients
 * take longer to walk than a request may hold the event loop. Its outcome for a request body (an
 * object or array at the request depth limit) is kept for storableInput.
 */
export async function findUnstorableInSlices(
  value: unknown,
  maxDepth = maxJsonDepth,
): Promise<Unstorable | undefined> {
  const outcome = (await inSlices(new StorableCheck(value, maxDepth)))
    ? undefined
    : await inSlices(new UnstorableSearch(value, maxDepth));
  if (maxDepth === maxJsonDepth && typeof value === 'object' && value !== null) walked.set(value, outcome);
  return outcome;
}

const unstorableIn = (value: unknown) =>
  typeof value === 'object' && value !== null && walked.has(value)
    ? walked.get(value)
    : findUnstorable(value);

/**
 * Any input that PostgreSQL can store: the engine API pipes every request part through it before
 * the route's own schema, so no route can forget it.
 */
export const storableInput = z.unknown().superRefine((value, context) => {
  const problem = unstorableIn(value);
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
