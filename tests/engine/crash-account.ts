import { createPasswordHasher } from '../../server/src/accounts/auth/passwords.ts';
import { createAccountStores } from '../../server/src/accounts/create-accounts.ts';
import { runAdminCommand } from '../../server/src/cli/admin.ts';
import { operatorEngine } from '../../server/src/cli/operator-engine.ts';
import { systemClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import type { Db } from '../../server/src/db/db.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { openDb } from '../../server/src/db/open.ts';
import { createEngine } from '../../server/src/engine/create-engine.ts';
import { reportTo } from '../../server/src/report-error.ts';
import type { CrashStorage } from './crash-storage.ts';

/** The owner the operator commands create: a console session signs in with it. */
export const crashOwner = { email: 'crash@example.test', password: 'Passw0rd-x' };

export interface SendingAccount {
  companyId: string;
  apiKey: string;
}

/** Opens the run's database in this process; only while no server runs (PGlite allows one process). */
export async function withDatabase<T>(storage: CrashStorage, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb({
    dataDir: storage.env.DATA_DIR,
    pgliteFsync: true,
    databaseUrl: storage.env.DATABASE_URL || undefined,
  });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/**
 * A production company on the UNLIMITED plan with an API key, made with the operator commands: sandbox
 * rules and quotas would otherwise refuse part of the burst. The burst's From domain is verified.
 */
export function createSendingAccount(storage: CrashStorage): Promise<SendingAccount> {
  return withDatabase(storage, async (db) => {
    await migrate(db);
    const ctx = {
      ...createAccountStores(db),
      db,
      passwords: createPasswordHasher({ memoryCost: 1024, timeCost: 1 }),
      clock: systemClock,
      ...operatorEngine(
        loadConfig(storage.env),
        createEngine(db, systemClock, reportTo(console)),
        systemClock,
      ),
    };
    const { email, password } = crashOwner;
    const run = (...argv: string[]) => runAdminCommand(ctx, argv);
    const [created = ''] = await run(
      'create-company',
      '--name',
      'Crash',
      '--email',
      email,
      '--password',
      password,
    );
    await run('set-environment', '--email', email, '--environment', 'production');
    await run('set-plan', '--email', email, '--plan', 'UNLIMITED');
    const keyLines = await run('create-api-key', '--email', email, '--label', 'crash');
    const companyId = /^company (\S+) created/.exec(created)?.[1];
    const apiKey = keyLines.at(-1);
    if (!companyId || !apiKey) throw new Error(`unexpected admin output: ${created} / ${keyLines.join(' ')}`);
    await run('add-sending-domain', '--email', email, '--domain', 'sender.example.test', '--verified');
    return { companyId, apiKey };
  });
}
