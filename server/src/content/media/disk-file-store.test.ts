import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskFileStore } from './disk-file-store.ts';

async function* chunksOf(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}

describe('the file store on disk', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'disk-file-store-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a file whole or not at all, and leaves nothing half-written when its chunks fail', async () => {
    const store = createDiskFileStore(dir);
    await store.write('company/one', chunksOf('hello ', 'world'));
    expect(await readFile(path.join(dir, 'company', 'one'), 'utf8')).toBe('hello world');

    async function* failing() {
      yield Buffer.from('half');
      throw new Error('the upload broke off');
    }
    await expect(store.write('company/two', failing())).rejects.toThrow('the upload broke off');
    expect(await readdir(path.join(dir, 'company'))).toEqual(['one']);
    expect(await readdir(path.join(dir, '.partial'))).toEqual([]);
  });

  it('clears partial files a stopped process left more than an hour ago, not those being written', async () => {
    const partials = path.join(dir, '.partial');
    await mkdir(partials);
    await writeFile(path.join(partials, 'abandoned'), 'left by a process killed mid-upload');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await utimes(path.join(partials, 'abandoned'), twoHoursAgo, twoHoursAgo);
    await writeFile(path.join(partials, 'in-progress'), 'another server is writing this one');

    await createDiskFileStore(dir).write('company/three', chunksOf('x'));
    expect(await readdir(partials)).toEqual(['in-progress']);
  });
});
