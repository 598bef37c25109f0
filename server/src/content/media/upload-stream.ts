/** The chunks of `source`, failing with `tooLarge()` as soon as they pass `limit` bytes in all. */
export async function* upTo(
  limit: number,
  source: AsyncIterable<Buffer>,
  tooLarge: () => Error,
): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    yield chunk;
  }
}

/**
 * The first `bytes` of `source` at least (less when it ends first), read ahead, and every chunk
 * again from the start: what a file begins with is checked before it is stored.
 */
export async function peek(
  source: AsyncIterable<Buffer>,
  bytes: number,
): Promise<{ head: Buffer; chunks: AsyncIterable<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    taken.push(next.value);
    length += next.value.length;
  }
  async function* chunks() {
    yield* taken;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head: Buffer.concat(taken), chunks: chunks() };
}
