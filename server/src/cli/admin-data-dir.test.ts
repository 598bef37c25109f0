import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { newDatabaseNotice, runCommand } from './admin.ts';

// The CLI run alone on an embedded database: the trap of a DATA_DIR other than the server's.
describe('admin CLI on its own DATA_DIR', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'admin-data-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('says when it made a new database there, and only then', async () => {
    const config = loadConfig({ DATA_DIR: dir, PGLITE_FSYNC: 'off' });
    const created = await runCommand(config, [
      'create-company',
      '--name',
      'Acme',
      '--email',
      'owner@acme.test',
      '--password',
      'secret123-long',
    ]);
    expect(created[0]).toMatch(/^company \S+ created with owner owner@acme\.test/);
    expect(created.at(-1)).toBe(newDatabaseNotice(dir));
    expect(
      await runCommand(config, ['set-plan', '--email', 'owner@acme.test', '--plan', 'UNLIMITED']),
    ).toEqual(['company of owner@acme.test is now on plan UNLIMITED']);
  }, 60_000);
});
