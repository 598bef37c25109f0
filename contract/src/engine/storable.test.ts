import { describe, expect, it } from 'vitest';
import { findUnstorable, findUnstorableInSlices, maxJsonDepth, storableInput } from './storable.ts';

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
};
const textProblem = 'contains a NUL character or an invalid UTF-16 sequence';
const keyProblem = 'has a key with a NUL character or an invalid UTF-16 sequence';
const depthProblem = `nests objects and arrays deeper than ${maxJsonDepth} levels`;

/** A body of `count` recipients, the last one's e-mail address set to `lastEmail`. */
const recipients = (count: number, lastEmail: string) => ({
  recipients: Array.from({ length: count }, (_, n) => ({
    address: { email: n === count - 1 ? lastEmail : `r${n}@example.test` },
    substitution_data: { name: `Reader ${n}`, n },
  })),
});

describe.each([
  ['findUnstorable', async (value: unknown) => findUnstorable(value)],
  ['findUnstorableInSlices', findUnstorableInSlices],
])('%s', (_name, find) => {
  it('accepts JSON whose texts PostgreSQL can store, nested up to the limit', async () => {
    expect(await find({ a: ['x', 1, null, true, { b: 'é 😀' }] })).toBeUndefined();
    expect(await find(nested(maxJsonDepth))).toBeUndefined();
    expect(await find('plain')).toBeUndefined();
  });

  it('names the path of a NUL, of a lone surrogate, and of a key with either', async () => {
    expect(await find({ a: [{ b: 'x' }, { b: 'a\u0000b' }] })).toEqual({
      path: ['a', 1, 'b'],
      message: textProblem,
    });
    expect(await find({ a: 'a\ud800b' })).toEqual({ path: ['a'], message: textProblem });
    expect(await find({ a: { 'k\u0000': 1 } })).toEqual({ path: ['a', 'k\u0000'], message: keyProblem });
    expect(await find('a\udc00')).toEqual({ path: [], message: textProblem });
  });

  it('reports the first problem in document order', async () => {
    expect(await find({ a: 'x\u0000', b: 'y\u0000' })).toEqual({ path: ['a'], message: textProblem });
  });

  it('refuses nesting past the limit, and 100,000 levels without exhausting the stack', async () => {
    const tooDeep = await find(nested(maxJsonDepth + 1));
    expect(tooDeep?.message).toBe(depthProblem);
    expect(tooDeep?.path).toHaveLength(maxJsonDepth);
    expect((await find(nested(100_000)))?.message).toBe(depthProblem);
  });

  it('finds a problem in the last of 50,000 recipients', async () => {
    expect(await find(recipients(50_000, 'x\u0000@example.test'))).toEqual({
      path: ['recipients', 49_999, 'address', 'email'],
      message: textProblem,
    });
    expect(await find(recipients(50_000, 'x@example.test'))).toBeUndefined();
  });
});

describe('findUnstorable', () => {
  it('does not look into bytes or dates', () => {
    expect(findUnstorable({ raw: Buffer.from([0, 0xd8]), at: new Date(0), text: 'ok' })).toBeUndefined();
  });
});

describe('storableInput', () => {
  it('fails with the path and message of the problem', () => {
    const result = storableInput.safeParse({ metadata: { a: 'x\u0000' } });
    expect(result.error?.issues).toMatchObject([{ path: ['metadata', 'a'], message: textProblem }]);
  });

  it('answers as the sliced walk of the same body did', async () => {
    const body = recipients(10, 'x\u0000@example.test');
    const problem = await findUnstorableInSlices(body);
    expect(storableInput.safeParse(body).error?.issues).toMatchObject([problem ?? {}]);
  });
});
