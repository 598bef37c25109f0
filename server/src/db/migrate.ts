import { readdir, readFile } from 'node:fs/promises';
import type { Db } from './db.ts';

const migrationsDir = new URL('./migrations/', import.meta.url);

// Any fixed number; every process that migrates takes the same lock.
const migrationLock = 728_144_001;

/** Applies the pending migrations in one transaction; returns the names it applied. */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  return db.transaction(async (tx) => {
    // Two processes starting together on PostgreSQL: the second waits here, then finds nothing to do.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLock]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
    );
    const pending = files.filter((name) => !done.has(name));
    for (const name of pending) {
      await tx.exec(await readFile(new URL(name, migrationsDir), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    }
    return pending;
  });
}
