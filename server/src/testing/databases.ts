import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Db, isUniqueViolation } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { inMemory, openPglite } from '../db/pglite.ts';
import { openPgliteWorker } from '../db/pglite-worker.ts';
import { openPostgres } from '../db/postgres.ts';

export interface TestDatabase {
  name: string;
  /** A fresh, empty database; closing it throws it away. */
  open(): Promise<Db>;
}

const pglite: TestDatabase = { name: 'pglite', open: () => openPglite(inMemory) };

/**
 * What the server runs: PGlite on its own thread, on disk (without fsync: what these tests check
 * does not depend on it, and pglite-worker.test.ts covers the fsync path).
 */
const pgliteWorker: TestDatabase = {
  name: 'pglite-worker',
  open: async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'test-pglite-worker-'));
    const db = await openPgliteWorker(dir, { fsync: false });
    return {
      ...db,
      close: async () => {
        await db.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
};

/**
 * Each open() gets its own schema, so test files running in parallel never see each other's rows. The
 * extensions the migrations use live in `public`, on the search path after the schema: created in a
 * test's schema, they would go with it and take the other schemas' indexes along.
 */
function postgres(url: string): TestDatabase {
  return {
    name: 'postgres',
    open: async () => {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public').catch((error: unknown) => {
        // Another test file created it at the same moment.
        if (!isUniqueViolation(error) && (error as { code?: string }).code !== '42710') throw error;
      });
      await admin.query(`CREATE SCHEMA ${schema}`);
      const db = await openPostgres(url, { searchPath: `${schema},public` });
      return {
        ...db,
        close: async () => {
          await db.close();
          await admin.query(`DROP SCHEMA ${schema} CASCADE`);
          await admin.end();
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export const databases: TestDatabase[] = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];

/**
 * {@link databases} and PGlite on its worker thread, as the server runs it. The worker adds about
 * two thirds to a data-layer test file's time (measured: 17.6 s -> 28.7 s for api-keys.test.ts), so
 * only the files that exercise the data layer's breadth use it: transactions and group commit,
 * typed columns and paging, migrations, cache invalidation by NOTIFY.
 */
export const databasesWithWorker: TestDatabase[] = [...databases, pgliteWorker];

/** The one database of tests that need not run on each: PGlite, always there. */
export const defaultDatabase: TestDatabase = pglite;

export async function openMigrated(database: TestDatabase): Promise<Db> {
  const db = await database.open();
  await migrate(db);
  return db;
}
