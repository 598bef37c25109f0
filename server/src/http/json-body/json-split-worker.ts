// A large JSON body parsed on a pool thread, handed back as JSON text in pieces the event loop parses
// a few milliseconds at a time (json-body.ts): a parsed value crossing threads would be copied back
// in one go, which takes as long as parsing it.
import { maxJsonDepth } from '@app/contract/engine/index';
import { Piscina } from 'piscina';
import secureJson from 'secure-json-parse';

/** How the event loop rebuilds the value, in document order. */
export type PieceOp =
  /** The whole value: JSON text at [start, end) of the bytes. */
  | ['value', number, number]
  /** A large array or object: its members follow; `key` names it in the object that holds it. */
  | ['open', 'array' | 'object', string | null]
  /** Members of the open container, comma-separated JSON text at [start, end) (`"k":v,…` in an object). */
  | ['members', number, number]
  | ['close'];

/** Refused: not JSON as Fastify's parser would take it, or nested deeper than a request may be. */
export type SplitJson = { invalid: 'syntax' | 'depth' } | { ops: PieceOp[]; bytes: Uint8Array };

/** Pieces of about this many characters, each parsed in a few milliseconds. */
const pieceChars = 64 * 1024;

interface Large {
  kind: 'array' | 'object';
  /** Runs of small members (comma-joined JSON text), and the large members in between. */
  parts: ({ run: string } | { key: string | null; large: Large })[];
}

class TooDeep extends Error {}

/**
 * The JSON text of a small value, or the parts of a large container; each value stringified once.
 * `depth` is the value's level (the body is level 1): past the request limit, nothing is built.
 */
function build(value: unknown, depth: number): string | Large {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (depth > maxJsonDepth) throw new TooDeep();
  const kind = Array.isArray(value) ? 'array' : 'object';
  const parts: Large['parts'] = [];
  let run: string[] = [];
  let runChars = 0;
  const flush = () => {
    if (run.length > 0) parts.push({ run: run.join(',') });
    run = [];
    runChars = 0;
  };
  const add = (key: string | null, member: unknown) => {
    const built = build(member, depth + 1);
    if (typeof built !== 'string') {
      flush();
      parts.push({ key, large: built });
      return;
    }
    const text = key === null ? built : `${JSON.stringify(key)}:${built}`;
    run.push(text);
    runChars += text.length + 1;
    if (runChars > pieceChars) flush();
  };
  if (Array.isArray(value)) for (const member of value) add(null, member);
  else for (const [key, member] of Object.entries(value)) add(key, member);
  if (parts.length === 0) {
    const members = run.join(',');
    return kind === 'array' ? `[${members}]` : `{${members}}`;
  }
  flush();
  return { kind, parts };
}

/** The body parsed as Fastify's parser would (prototype poisoning refused), then cut into pieces. */
export function splitJson(body: Uint8Array): SplitJson {
  let value: unknown;
  try {
    value = secureJson.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength), undefined, {
      protoAction: 'error',
      constructorAction: 'error',
    });
  } catch {
    return { invalid: 'syntax' };
  }
  const ops: PieceOp[] = [];
  const texts: string[] = [];
  let offset = 0;
  const text = (json: string): [number, number] => {
    texts.push(json);
    const start = offset;
    offset += Buffer.byteLength(json);
    return [start, offset];
  };
  const emit = (large: Large, key: string | null) => {
    ops.push(['open', large.kind, key]);
    for (const part of large.parts) {
      if ('run' in part) ops.push(['members', ...text(part.run)]);
      else emit(part.large, part.key);
    }
    ops.push(['close']);
  };
  let built: string | Large;
  try {
    built = build(value, 1);
  } catch (error) {
    if (error instanceof TooDeep) return { invalid: 'depth' };
    throw error;
  }
  if (typeof built === 'string') ops.push(['value', ...text(built)]);
  else emit(built, null);
  const bytes = new TextEncoder().encode(texts.join(''));
  // The text's memory moves to the event loop's thread rather than being copied there.
  const moved = { [Piscina.transferableSymbol]: [bytes.buffer], [Piscina.valueSymbol]: { ops, bytes } };
  // The thread hands back { ops, bytes }; Piscina's types know only its own symbols' declared types.
  return Piscina.move(moved as unknown as Parameters<typeof Piscina.move>[0]) as unknown as SplitJson;
}
