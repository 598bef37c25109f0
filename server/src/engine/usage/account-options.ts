import type { AccountOptions } from '@app/contract/engine/index';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { createNotifiedCache } from '../../db/notified-cache.ts';

/** How long a company's options are trusted without a change announced (a lost announcement). */
const cacheTtlMs = 3000;
/** Announces a change of a company's options (payload: the company id) to every process. */
const accountOptionsChanged = 'account_options_changed';

export type AccountOptionStore = ReturnType<typeof createAccountOptionStore>;

/**
 * SparkPost's account options of each company (the `account_options` table): kept as PUT /account sets
 * them, read by every send (cached a few seconds, dropped at once in every process when they change).
 */
export function createAccountOptionStore(db: Db, clock: Clock) {
  const cache = createNotifiedCache(
    db,
    clock,
    { channel: accountOptionsChanged, ttlMs: cacheTtlMs },
    async (companyId) => (await stored(companyId))?.options ?? {},
  );

  async function stored(companyId: string) {
    return db.maybeOne<{ options: AccountOptions; updated_at: Date }>(
      'SELECT options, updated_at FROM account_options WHERE company_id = $1',
      [companyId],
    );
  }

  return {
    /** The options the company set (none set: {}). */
    of: (companyId: string): Promise<AccountOptions> => cache.get(companyId),

    /** The options the company set and when it last set one (undefined: never), read afresh. */
    async detail(companyId: string): Promise<{ options: AccountOptions; updatedAt: Date | undefined }> {
      const row = await stored(companyId);
      return { options: row?.options ?? {}, updatedAt: row?.updated_at };
    },

    /** Sets `changes` over the company's options (the others stay as they were), through `on`. */
    async set(on: Db, companyId: string, changes: AccountOptions): Promise<void> {
      await on.query(
        `INSERT INTO account_options (company_id, options, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (company_id) DO UPDATE
           SET options = account_options.options || EXCLUDED.options, updated_at = EXCLUDED.updated_at`,
        [companyId, changes, clock.now()],
      );
      await cache.changed(on, companyId);
    },
  };
}
