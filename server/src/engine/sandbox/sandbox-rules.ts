import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { createNotifiedCache, type NotifiedCache } from '../../db/notified-cache.ts';
import { setTourFlags } from './tour-flags.ts';

export type Environment = 'sandbox' | 'production';

/** What the sending code asks about a company in the sandbox. */
export interface SandboxRules {
  /** The lower-cased addresses among `addresses` that are verified authorized recipients of the company. */
  verifiedRecipients(companyId: string, addresses: string[]): Promise<Set<string>>;
  /** The company's environment, cached for a few seconds. */
  environmentOf(companyId: string): Promise<Environment>;
  /** Announces a switch of the company's environment, written already: every process sees it at once. */
  environmentSwitched(companyId: string): Promise<void>;
  /** {@link markSandboxSent} on the rules' database. */
  markSandboxSent(companyId: string): Promise<void>;
}

/** How long an environment is trusted without a change announced (a lost announcement). */
const environmentTtlMs = 3000;
/** Announces a company's environment switch (payload: the company id) to every process's rules. */
export const environmentChanged = 'environment_changed';

// Keyed by database so every rules object of an app (the routes', the sending code's) shares one cache
// and an invalidation by the switch routes reaches them all.
const environmentCaches = new WeakMap<Db, NotifiedCache<Environment>>();
/** Per database, the companies whose sandbox send this process has marked. */
const markedCompanies = new WeakMap<Db, Set<string>>();

function environmentsOf(db: Db, clock: Clock): NotifiedCache<Environment> {
  let environments = environmentCaches.get(db);
  if (!environments) {
    environments = createNotifiedCache(
      db,
      clock,
      { channel: environmentChanged, ttlMs: environmentTtlMs },
      async (companyId) => {
        const row = await db.maybeOne<{ environment: Environment }>(
          'SELECT environment FROM companies WHERE id = $1',
          [companyId],
        );
        if (!row) throw new Error(`No company ${companyId}`);
        return row.environment;
      },
    );
    environmentCaches.set(db, environments);
  }
  return environments;
}

export function createSandboxRules(db: Db, clock: Clock): SandboxRules {
  const environments = environmentsOf(db, clock);
  return {
    verifiedRecipients: async (companyId, addresses) => {
      const wanted = [...new Set(addresses.map((address) => address.toLowerCase()))];
      if (wanted.length === 0) return new Set();
      // lower(email) matches the unique index (company_id, lower(email)).
      const rows = await db.query<{ email: string }>(
        `SELECT lower(email) AS email FROM authorized_recipients
         WHERE company_id = $1 AND lower(email) = ANY($2::text[]) AND verified_at IS NOT NULL`,
        [companyId, wanted],
      );
      return new Set(rows.map((row) => row.email));
    },

    environmentOf: (companyId) => environments.get(companyId),

    environmentSwitched: (companyId) => environments.changed(db, companyId),

    markSandboxSent: (companyId) => markSandboxSent(db, companyId),
  };
}

/**
 * Sets the tour flags sandboxEmailSent and sandboxTryProduction (§4). Called on every sandbox send, so after
 * the first call per company and database this process does not touch the database again.
 */
export async function markSandboxSent(db: Db, companyId: string): Promise<void> {
  let marked = markedCompanies.get(db);
  if (!marked) {
    marked = new Set();
    markedCompanies.set(db, marked);
  }
  if (marked.has(companyId)) return;
  await setTourFlags(db, companyId, ['sandboxEmailSent', 'sandboxTryProduction']);
  marked.add(companyId);
}
