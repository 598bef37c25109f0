import type { AccountOptions } from '@app/shared/api/contract/engine/index';
import type { Clock } from '../../clock.ts';
import { type Db, notify } from '../../db/db.ts';

/** How long a company's options are trusted without a change announced (a lost announcement). */
const cacheTtlMs = 3000;
/** Announces a change of a company's options (payload: the company id) to every process. */
const accountOptionsChanged = 'account_options_changed';

type Cache = Map<string, { options: AccountOptions; expiresAt: number }>;
// Keyed by database, so every reader of one app (the routes', the sending code's) shares one cache.
const caches = new WeakMap<Db, Cache>();

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    const fresh: Cache = new Map();
    db.listen(accountOptionsChanged, (companyId) => fresh.delete(companyId));
    caches.set(db, fresh);
    cache = fresh;
  }
  return cache;
}

export type AccountOptionStore = ReturnType<typeof createAccountOptionStore>;

/**
 * SparkPost's account options of each company (the `account_options` table): kept as PUT /account sets
 * them, read by every send (cached a few seconds, dropped at once in every process when they change).
 */
export function createAccountOptionStore(db: Db, clock: Clock) {
  const cache = cacheOf(db);

  async function stored(companyId: string) {
    return db.maybeOne<{ options: AccountOptions; updated_at: Date }>(
      'SELECT options, updated_at FROM account_options WHERE company_id = $1',
      [companyId],
    );
  }

  return {
    /** The options the company set (none set: {}). */
    async of(companyId: string): Promise<AccountOptions> {
      const now = clock.now().getTime();
      const cached = cache.get(companyId);
      if (cached && cached.expiresAt > now) return cached.options;
      const options = (await stored(companyId))?.options ?? {};
      cache.set(companyId, { options, expiresAt: now + cacheTtlMs });
      return options;
    },

    /** The options the company set and when it last set one (undefined: never), read afresh. */
    async detail(companyId: string): Promise<{ options: AccountOptions; updatedAt: Date | undefined }> {
      const row = await stored(companyId);
      return { options: row?.options ?? {}, updatedAt: row?.updated_at };
    },

    /** Sets `changes` over the company's options (the others stay as they were). */
    async set(companyId: string, changes: AccountOptions): Promise<void> {
      await db.query(
        `INSERT INTO account_options (company_id, options, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (company_id) DO UPDATE
           SET options = account_options.options || EXCLUDED.options, updated_at = EXCLUDED.updated_at`,
        [companyId, changes, clock.now()],
      );
      cache.delete(companyId);
      await notify(db, accountOptionsChanged, companyId);
    },
  };
}
