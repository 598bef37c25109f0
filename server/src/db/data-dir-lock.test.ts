import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUse, lockFileName } from './data-dir-lock.ts';

describe('DATA_DIR lock', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'data-dir-lock-'));
    file = path.join(dir, lockFileName);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is held by one owner at a time, in a file only its user can read, until released', async () => {
    const lock = acquireDataDirLock(dir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ pid: process.pid });

    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUse);
    expect(() => acquireDataDirLock(dir)).toThrow(`(pid ${process.pid})`);

    lock.release();
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
    acquireDataDirLock(dir).release();
  });

  it('creates a missing data directory readable by its owner only', async () => {
    const fresh = path.join(dir, 'nested', 'data');
    acquireDataDirLock(fresh).release();
    expect((await stat(fresh)).mode & 0o777).toBe(0o700);
  });

  it('takes over the lock of a process that is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(file, JSON.stringify({ pid: gone, started: '1' }));
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose pid now belongs to a later process',
    async () => {
      // This process's pid, but not its start time: the owner died and the pid was reused.
      await writeFile(file, JSON.stringify({ pid: process.pid, started: '1' }));
      acquireDataDirLock(dir).release();
    },
  );

  it('lets exactly one of several processes racing for a dead owner’s lock take it', async () => {
    await writeFile(file, JSON.stringify({ pid: spawnSync(process.execPath, ['-e', '']).pid, started: '1' }));
    // The winner keeps the lock for 5 s, long enough for every contender to have started and tried.
    const contender = `
      const { acquireDataDirLock } = await import(${JSON.stringify(path.join(import.meta.dirname, 'data-dir-lock.ts'))});
      try { const lock = acquireDataDirLock(process.argv[1]); console.log('won'); setTimeout(() => lock.release(), 5000); }
      catch (error) { console.log(error.constructor.name); }`;
    const run = promisify(execFile);
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () =>
        run(process.execPath, ['--input-type=module', '-e', contender, dir]).then(({ stdout }) =>
          stdout.trim(),
        ),
      ),
    );
    expect(outcomes.sort()).toEqual(['DataDirInUse', 'DataDirInUse', 'DataDirInUse', 'won']);
  });

  it('takes over a lock file that holds no owner', async () => {
    await writeFile(file, '');
    acquireDataDirLock(dir).release();
  });
});
