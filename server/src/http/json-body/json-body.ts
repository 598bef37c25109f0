import { setImmediate as nextTurn } from 'node:timers/promises';
import { maxJsonDepth } from '@app/contract/engine/index';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { Piscina } from 'piscina';
import { fairPool } from '../../threads/fair-pool.ts';
import type { PieceOp, SplitJson } from './json-split-worker.ts';

/** Bodies up to this size are parsed on the event loop, in a few milliseconds; larger ones are not. */
const offThreadJsonBytes = 1024 * 1024;
/** How long rebuilding a large body runs between two turns of the event loop. */
const sliceMs = 5;

/** Threads parsing large bodies, each company's in turn with the others'. */
const pool = fairPool(new URL('./json-split-worker.ts', import.meta.url), {
  threads: 2,
  idleTimeoutMs: 10_000,
});

/** The value the pieces describe, rebuilt a few milliseconds at a time. */
async function rebuild(ops: PieceOp[], bytes: Uint8Array): Promise<unknown> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (start: number, end: number) => buffer.toString('utf8', start, end);
  const open: (unknown[] | Record<string, unknown>)[] = [];
  let root: unknown;
  let sliceStarted = performance.now();
  for (const op of ops) {
    if (performance.now() - sliceStarted > sliceMs) {
      await nextTurn();
      sliceStarted = performance.now();
    }
    const container = open.at(-1);
    if (op[0] === 'value') root = JSON.parse(text(op[1], op[2]));
    else if (op[0] === 'open') {
      const opened = op[1] === 'array' ? [] : {};
      if (container === undefined) root = opened;
      else if (Array.isArray(container)) container.push(opened);
      else container[op[2] ?? ''] = opened;
      open.push(opened);
    } else if (op[0] === 'members') {
      if (Array.isArray(container)) {
        for (const member of JSON.parse(`[${text(op[1], op[2])}]`) as unknown[]) container.push(member);
      } else {
        // The thread refused `__proto__` keys, as Fastify's parser does: no assignment sets a prototype.
        Object.assign(container ?? {}, JSON.parse(`{${text(op[1], op[2])}}`));
      }
    } else open.pop();
  }
  return root;
}

/** `body` parsed on a pool thread as `owner`'s, and rebuilt here without holding the event loop. */
export async function parseJsonOffThread(owner: string, body: Buffer): Promise<unknown> {
  const split = await pool.run<SplitJson>(owner, Piscina.move(body), 'splitJson');
  if ('invalid' in split) {
    if (split.invalid === 'syntax') throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
    throw Object.assign(new Error(`The body nests objects and arrays deeper than ${maxJsonDepth} levels`), {
      statusCode: 400,
    });
  }
  return rebuild(split.ops, split.bytes);
}

/**
 * JSON bodies within `app` (the /api/v1 and /embed/v1 scopes, their callers known by then): up to
 * 1 MB parsed at once by Fastify's own (prototype-poisoning-safe) parser, larger ones off the event
 * loop. An empty body parses as no body: the official SparkPost client sends
 * `Content-Type: application/json` with an empty body on DELETE, which Fastify would answer with 400.
 */
export function parseJsonBodies(app: FastifyInstance, ownerOf: (request: FastifyRequest) => string): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length > offThreadJsonBytes) {
      parseJsonOffThread(ownerOf(request), bytes).then(
        (value) => done(null, value),
        (error: Error) => done(error, undefined),
      );
      return;
    }
    const text = bytes.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
