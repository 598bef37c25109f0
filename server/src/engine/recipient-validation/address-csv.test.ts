import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../engine-error.ts';
import { readAddressCsv } from './address-csv.ts';

const read = (text: string) => readAddressCsv(Readable.from([Buffer.from(text)]));

describe('address CSV', () => {
  it('reads one address a row, with or without a header, skipping blank rows', async () => {
    expect(await read('jane@acme.test\r\n\r\njoe@acme.test')).toEqual(['jane@acme.test', 'joe@acme.test']);
    expect(await read('\uFEFFEmail\njane@acme.test\n')).toEqual(['jane@acme.test']);
    expect(await read('Recipients\njane@acme.test\n')).toEqual(['jane@acme.test']);
  });

  it('takes the column headed email when there are several, quoted cells as written', async () => {
    const csv = 'name,email,plan\n"Doe, Jane",jane@acme.test,pro\nJoe,"joe@acme.test",free\nAnn\n';
    expect(await read(csv)).toEqual(['jane@acme.test', 'joe@acme.test']);
  });

  it('keeps a row that is not an address, to be answered Invalid Syntax', async () => {
    expect(await read('jane@acme.test\nnot an address\n')).toEqual(['jane@acme.test', 'not an address']);
  });

  it('refuses an over-long row naming its line', async () => {
    const refusal = await read(`jane@acme.test\n${'a'.repeat(5_000)}\n`).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(EngineError);
    expect(refusal).toMatchObject({ kind: 'unreadableFile' });
    expect((refusal as Error).message).toMatch(/^The file is not valid CSV: .*line 2/);
  });

  it('reads a file that arrives in many small chunks the same, characters split across them', async () => {
    const text = Array.from({ length: 2_000 }, (_, index) => `u${index}@例子.测试`).join('\n');
    const chunks = Buffer.from(text).reduce<Buffer[]>((all, _, at, whole) => {
      if (at % 7 === 0) all.push(Buffer.from(whole.subarray(at, at + 7)));
      return all;
    }, []);
    const addresses = await readAddressCsv(Readable.from(chunks));
    expect(addresses).toHaveLength(2_000);
    expect(addresses[1_999]).toBe('u1999@例子.测试');
  });
});
