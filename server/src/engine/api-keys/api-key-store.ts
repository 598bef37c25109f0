import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import { sha256Hex } from '../../crypto.ts';
import type { Db } from '../../db/db.ts';
import { createNotifiedCache } from '../../db/notified-cache.ts';
import type { ApiKeyGrant } from '../../grants.ts';
import type { ReportError } from '../../report-error.ts';
import { ipAllowed } from './valid-ips.ts';

export interface ApiKey {
  id: string;
  companyId: string;
  subaccountId: number;
  label: string;
  /** The first characters of the key, the only part shown after creation. */
  prefix: string;
  grants: string[];
  validIps: string[];
  createdAt: Date;
  updatedAt: Date | null;
  lastUsedAt: Date | null;
}

export interface NewApiKey {
  companyId: string;
  subaccountId?: number;
  label: string;
  grants: readonly ApiKeyGrant[];
  validIps?: readonly string[];
}

export type KeyCheck =
  | { ok: true; key: ApiKey }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'ip'; key: ApiKey };

interface KeyRow {
  id: string;
  company_id: string;
  subaccount_id: string;
  label: string;
  prefix: string;
  grants: string[];
  valid_ips: string[];
  created_at: Date;
  updated_at: Date | null;
  last_used_at: Date | null;
}

const columns =
  'id, company_id, subaccount_id, label, prefix, grants, valid_ips, created_at, updated_at, last_used_at';

const toKey = (row: KeyRow): ApiKey => ({
  id: row.id,
  companyId: row.company_id,
  subaccountId: Number(row.subaccount_id),
  label: row.label,
  prefix: row.prefix,
  grants: row.grants,
  validIps: row.valid_ips,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  lastUsedAt: row.last_used_at,
});

/** Announces a changed or removed key (payload: its hash) to every process's key cache. */
const apiKeyChanged = 'api_key_changed';

/** How long a looked-up key is trusted without a change announced (a lost announcement). */
const cacheMs = 10_000;
/** last_used_at is written at most this often per key. */
const lastUsedEveryMs = 60_000;

export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;

/**
 * API keys: stored as SHA-256 only, shown once. Lookups on the sending hot path are cached briefly
 * (fifty concurrent requests with one key read it once); changes take effect at once in every process.
 */
export function createApiKeyStore(db: Db, clock: Clock, reportError: ReportError) {
  const byHash = createNotifiedCache(db, clock, { channel: apiKeyChanged, ttlMs: cacheMs }, async (hash) => {
    const row = await db.maybeOne<KeyRow>(`SELECT ${columns} FROM api_keys WHERE hash = $1`, [hash]);
    return row ? toKey(row) : undefined;
  });

  const lookup = (secret: string): Promise<ApiKey | undefined> => byHash.get(sha256Hex(secret));

  async function touch(key: ApiKey): Promise<void> {
    const now = clock.now();
    if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < lastUsedEveryMs) return;
    key.lastUsedAt = now;
    await db.query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1', [key.id, now]);
  }

  return {
    /** The key with this secret, if it exists and may be used from `remoteAddress`. */
    async check(secret: string, remoteAddress: string): Promise<KeyCheck> {
      const key = await lookup(secret);
      if (!key) return { ok: false, reason: 'unknown' };
      if (!ipAllowed(key.validIps, remoteAddress)) return { ok: false, reason: 'ip', key };
      void touch(key).catch((error: unknown) => reportError(error, "recording an API key's last use failed"));
      return { ok: true, key };
    },

    /** Stores the key's hash and returns the key in clear: the only time anyone sees it. */
    async create(input: NewApiKey): Promise<ApiKey & { secret: string }> {
      const secret = randomBytes(20).toString('hex');
      const row = await db.one<KeyRow>(
        `INSERT INTO api_keys (company_id, subaccount_id, label, prefix, hash, grants, valid_ips, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${columns}`,
        [
          input.companyId,
          input.subaccountId ?? 0,
          input.label,
          secret.slice(0, 4),
          sha256Hex(secret),
          input.grants,
          input.validIps ?? [],
          clock.now(),
        ],
      );
      return { ...toKey(row), secret };
    },

    /** Keys of the company; of one subaccount when `subaccountId` is given. */
    async list(companyId: string, subaccountId?: number): Promise<ApiKey[]> {
      const rows = await db.query<KeyRow>(
        `SELECT ${columns} FROM api_keys WHERE company_id = $1 AND ($2::bigint IS NULL OR subaccount_id = $2)
         ORDER BY created_at, id`,
        [companyId, subaccountId ?? null],
      );
      return rows.map(toKey);
    },

    async get(companyId: string, id: string): Promise<ApiKey | undefined> {
      const row = await db.maybeOne<KeyRow>(
        `SELECT ${columns} FROM api_keys WHERE company_id = $1 AND id::text = $2`,
        [companyId, id],
      );
      return row ? toKey(row) : undefined;
    },

    async update(
      companyId: string,
      id: string,
      changes: { label?: string; grants?: readonly string[]; validIps?: readonly string[] },
    ): Promise<ApiKey | undefined> {
      const row = await db.maybeOne<KeyRow & { hash: string }>(
        `UPDATE api_keys SET label = coalesce($3, label), grants = coalesce($4, grants),
           valid_ips = coalesce($5, valid_ips), updated_at = $6
         WHERE company_id = $1 AND id::text = $2 RETURNING ${columns}, hash`,
        [companyId, id, changes.label ?? null, changes.grants ?? null, changes.validIps ?? null, clock.now()],
      );
      if (row) await byHash.changed(db, row.hash);
      return row ? toKey(row) : undefined;
    },

    async remove(companyId: string, id: string): Promise<boolean> {
      const rows = await db.query<{ hash: string }>(
        'DELETE FROM api_keys WHERE company_id = $1 AND id::text = $2 RETURNING hash',
        [companyId, id],
      );
      for (const row of rows) await byHash.changed(db, row.hash);
      return rows.length > 0;
    },
  };
}
