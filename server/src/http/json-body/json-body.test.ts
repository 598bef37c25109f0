import { describe, expect, it } from 'vitest';
import { parseJsonOffThread } from './json-body.ts';

const parsed = (value: unknown) => parseJsonOffThread('company', Buffer.from(JSON.stringify(value)));

describe('JSON parsed off the event loop', () => {
  it('gives what JSON.parse gives, for large arrays, objects, texts and nesting', async () => {
    const documents = [
      { recipients: Array.from({ length: 50_000 }, (_, n) => ({ address: { email: `r${n}@x.test` }, n })) },
      Array.from({ length: 300_000 }, (_, n) => n % 10),
      { text: 'é😀 '.repeat(200_000), empty: {}, list: [], nothing: null, yes: true, half: 0.5 },
      { a: { b: { c: Array.from({ length: 40_000 }, (_, n) => ({ [`k"${n}`]: [n, `v\n${n}`] })) } }, z: 1 },
      Object.fromEntries(Array.from({ length: 60_000 }, (_, n) => [`key${n}`, { n, s: 'x'.repeat(n % 50) }])),
      'x'.repeat(200_000),
      [[[Array.from({ length: 100_000 }, () => 'ab')]], 'tail'],
    ];
    for (const document of documents) expect(await parsed(document)).toEqual(document);
  });

  it('keeps the keys of large objects in their order', async () => {
    const document = Object.fromEntries(Array.from({ length: 30_000 }, (_, n) => [`k${30_000 - n}`, n]));
    expect(Object.keys((await parsed(document)) as object)).toEqual(Object.keys(document));
  });

  it('refuses what Fastify refuses: bad JSON, and keys that would set a prototype', async () => {
    const padding = 'x'.repeat(100_000);
    for (const text of [
      `{"a": "${padding}"`,
      `{"a": "${padding}", "__proto__": {"admin": true}}`,
      `{"a": "${padding}", "\\u005f_proto__": {"admin": true}}`,
      `[{"constructor": {"prototype": {"admin": true}}}, "${padding}"]`,
    ]) {
      await expect(parseJsonOffThread('company', Buffer.from(text))).rejects.toMatchObject({
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        statusCode: 400,
      });
    }
  });
  it('refuses a body nested deeper than a request may be, as a bad request', async () => {
    const deep = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
    await expect(parseJsonOffThread('company', Buffer.from(deep))).rejects.toMatchObject({
      statusCode: 400,
      message: 'The body nests objects and arrays deeper than 32 levels',
    });
  });
});
