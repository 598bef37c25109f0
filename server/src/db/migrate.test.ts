import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesWithWorker } from '../testing/databases.ts';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';

const migrationFiles = readdirSync(new URL('./migrations/', import.meta.url))
  .filter((name) => name.endsWith('.sql'))
  .sort();

describe.each(databasesWithWorker)('migrations on $name', (database) => {
  let db: Db;

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('applies each migration once, even when started twice at the same time', async () => {
    const [first, second] = await Promise.all([migrate(db), migrate(db)]);
    expect(migrationFiles[0]).toBe('001_accounts.sql');
    expect([...(first ?? []), ...(second ?? [])].sort()).toEqual(migrationFiles);
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
    expect(rows.map((row) => row.name).sort()).toEqual(migrationFiles);
  });

  it('rolls back a failed transaction as a whole', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO settings (key, value) VALUES ('rollback-check', 'x')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.maybeOne("SELECT 1 FROM settings WHERE key = 'rollback-check'")).toBeUndefined();
  });
});
