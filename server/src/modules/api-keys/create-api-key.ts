import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../../crypto.ts';
import type { Db } from '../../db/db.ts';
import type { ApiKeyGrant } from './grants.ts';

export interface NewApiKey {
  companyId: string;
  subaccountId?: string;
  label: string;
  grants: readonly ApiKeyGrant[];
}

/** Stores the key's hash and returns the key in clear: the only time anyone sees it. */
export async function createApiKey(
  db: Db,
  input: NewApiKey,
): Promise<{ id: string; key: string; prefix: string }> {
  const key = randomBytes(20).toString('hex');
  const prefix = key.slice(0, 8);
  const { id } = await db.one<{ id: string }>(
    `INSERT INTO api_keys (company_id, subaccount_id, label, prefix, hash, grants)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [input.companyId, input.subaccountId ?? null, input.label, prefix, sha256Hex(key), input.grants],
  );
  return { id, key, prefix };
}
