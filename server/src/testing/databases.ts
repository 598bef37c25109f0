import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { inMemory, openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';

export interface TestDatabase {
  name: string;
  /** A fresh, empty database; closing it throws it away. */
  open(): Promise<Db>;
}

const pglite: TestDatabase = { name: 'pglite', open: () => openPglite(inMemory) };

/** Each open() gets its own schema, so test files running in parallel never see each other's rows. */
function postgres(url: string): TestDatabase {
  return {
    name: 'postgres',
    open: async () => {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      const db = await openPostgres(url, { searchPath: schema });
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

/** The one database of tests that need not run on each: PGlite, always there. */
export const defaultDatabase: TestDatabase = pglite;

export async function openMigrated(database: TestDatabase): Promise<Db> {
  const db = await database.open();
  await migrate(db);
  return db;
}
