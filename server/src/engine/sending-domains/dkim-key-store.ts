import type { Clock } from '../../clock.ts';
import { type Db, isUniqueViolation } from '../../db/db.ts';
import type { VerificationStatus } from './sending-domain-types.ts';

/** One of a sending domain's additional DKIM keys (the domain's own key is the "default" one). */
export interface DkimKey {
  id: string;
  selector: string;
  signingDomain: string;
  headers: string;
  publicKey: string;
  status: VerificationStatus;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewDkimKey {
  id: string;
  selector: string;
  signingDomain: string;
  headers: string;
  publicKey: string;
  privateKeyPem: string;
}

/** A key pair replaces the old one whole; a new record or signing domain starts unverified. */
export interface DkimKeyChange {
  headers?: string;
  signingDomain?: string;
  pair?: { selector: string; publicKey: string; privateKeyPem: string };
}

/** What signing needs of a key named by options.dkim_key. */
export interface DkimKeyFacts {
  status: VerificationStatus;
  signingDomain: string;
  selector: string;
  privateKeyPem: string;
}

export type DkimKeyWrite<T> =
  | { outcome: 'done'; key: T }
  | { outcome: 'exists' | 'selectorTaken' | 'tooMany' | 'noDomain' | 'noKey' };

interface KeyRow {
  key_id: string;
  selector: string;
  signing_domain: string;
  headers: string;
  public_key: string;
  dkim_status: VerificationStatus;
  created_at: Date;
  updated_at: Date;
}

/** SparkPost's limit: 256 keys per domain besides the default one. */
export const maxDkimKeysPerDomain = 256;

const columns = 'key_id, selector, signing_domain, headers, public_key, dkim_status, created_at, updated_at';

const toKey = (row: KeyRow): DkimKey => ({
  id: row.key_id,
  selector: row.selector,
  signingDomain: row.signing_domain,
  headers: row.headers,
  publicKey: row.public_key,
  status: row.dkim_status,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const isForeignKeyViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23503';

/**
 * The one owner of `sending_domain_dkim_keys`, always addressed by company and domain: the caller
 * has checked the domain is the viewer's. `changed` tells every process's signing cache.
 */
export function createDkimKeyStore(db: Db, clock: Clock, changed: (companyId: string) => Promise<void>) {
  async function written<T>(
    companyId: string,
    write: () => Promise<T | undefined>,
  ): Promise<DkimKeyWrite<T>> {
    try {
      const key = await write();
      if (key === undefined) return { outcome: 'noKey' };
      await changed(companyId);
      return { outcome: 'done', key };
    } catch (error) {
      if (isUniqueViolation(error)) {
        const constraint = (error as { constraint?: string }).constraint;
        return { outcome: constraint === 'sending_domain_dkim_keys_record' ? 'selectorTaken' : 'exists' };
      }
      if (isForeignKeyViolation(error)) return { outcome: 'noDomain' };
      throw error;
    }
  }

  return {
    /** The domain's keys, oldest first. */
    async list(companyId: string, domain: string): Promise<DkimKey[]> {
      const rows = await db.query<KeyRow>(
        `SELECT ${columns} FROM sending_domain_dkim_keys WHERE company_id = $1 AND domain = $2
         ORDER BY created_at, key_id`,
        [companyId, domain],
      );
      return rows.map(toKey);
    },

    async get(companyId: string, domain: string, id: string): Promise<DkimKey | undefined> {
      const row = await db.maybeOne<KeyRow>(
        `SELECT ${columns} FROM sending_domain_dkim_keys WHERE company_id = $1 AND domain = $2 AND key_id = $3`,
        [companyId, domain, id],
      );
      return row ? toKey(row) : undefined;
    },

    /** Whether another key of the domain (not `exceptId`) publishes its record at this selector and signing domain. */
    async selectorTaken(
      companyId: string,
      domain: string,
      record: { selector: string; signingDomain: string },
      exceptId?: string,
    ): Promise<string | undefined> {
      const row = await db.maybeOne<{ key_id: string }>(
        `SELECT key_id FROM sending_domain_dkim_keys
         WHERE company_id = $1 AND domain = $2 AND signing_domain = $3 AND selector = $4
           AND ($5::text IS NULL OR key_id <> $5)`,
        [companyId, domain, record.signingDomain, record.selector, exceptId ?? null],
      );
      return row?.key_id;
    },

    /** Refused when the id is taken, the record's place is another key's, or the domain has 256 keys. */
    create(companyId: string, domain: string, key: NewDkimKey): Promise<DkimKeyWrite<DkimKey>> {
      const now = clock.now();
      return written(companyId, async () => {
        const row = await db.maybeOne<KeyRow>(
          `INSERT INTO sending_domain_dkim_keys (company_id, domain, key_id, selector, signing_domain, headers,
             public_key, private_key, created_at, updated_at)
           SELECT $1::uuid, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text,
             $9::timestamptz, $9::timestamptz
           WHERE (SELECT count(*) FROM sending_domain_dkim_keys WHERE company_id = $1 AND domain = $2) < $10
           RETURNING ${columns}`,
          [
            companyId,
            domain,
            key.id,
            key.selector,
            key.signingDomain,
            key.headers,
            key.publicKey,
            key.privateKeyPem,
            now,
            maxDkimKeysPerDomain,
          ],
        );
        return row ? toKey(row) : undefined;
      }).then((result) => (result.outcome === 'noKey' ? { outcome: 'tooMany' } : result));
    },

    update(
      companyId: string,
      domain: string,
      id: string,
      change: DkimKeyChange,
    ): Promise<DkimKeyWrite<DkimKey>> {
      const { pair } = change;
      return written(companyId, async () => {
        const row = await db.maybeOne<KeyRow>(
          `UPDATE sending_domain_dkim_keys SET
             headers = COALESCE($4, headers),
             signing_domain = COALESCE($5, signing_domain),
             selector = COALESCE($6, selector),
             public_key = COALESCE($7, public_key),
             private_key = COALESCE($8, private_key),
             dkim_status = CASE
               WHEN $7::text IS NOT NULL OR ($5::text IS NOT NULL AND $5 <> signing_domain) THEN 'unverified'
               ELSE dkim_status END,
             updated_at = $9
           WHERE company_id = $1 AND domain = $2 AND key_id = $3
           RETURNING ${columns}`,
          [
            companyId,
            domain,
            id,
            change.headers ?? null,
            change.signingDomain ?? null,
            pair?.selector ?? null,
            pair?.publicKey ?? null,
            pair?.privateKeyPem ?? null,
            clock.now(),
          ],
        );
        return row ? toKey(row) : undefined;
      });
    },

    /** Records what a verification found; undefined when the key is gone. */
    async setStatus(
      companyId: string,
      domain: string,
      id: string,
      status: VerificationStatus,
    ): Promise<DkimKey | undefined> {
      const row = await db.maybeOne<KeyRow>(
        `UPDATE sending_domain_dkim_keys SET dkim_status = $4, updated_at = $5
         WHERE company_id = $1 AND domain = $2 AND key_id = $3 RETURNING ${columns}`,
        [companyId, domain, id, status, clock.now()],
      );
      if (row) await changed(companyId);
      return row ? toKey(row) : undefined;
    },

    async remove(companyId: string, domain: string, id: string): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM sending_domain_dkim_keys WHERE company_id = $1 AND domain = $2 AND key_id = $3 RETURNING key_id',
        [companyId, domain, id],
      );
      if (rows.length > 0) await changed(companyId);
      return rows.length > 0;
    },

    /** A key as signing and acceptance need it (its status and private half), or undefined. */
    async facts(companyId: string, domain: string, id: string): Promise<DkimKeyFacts | undefined> {
      const row = await db.maybeOne<{
        dkim_status: VerificationStatus;
        signing_domain: string;
        selector: string;
        private_key: string;
      }>(
        `SELECT dkim_status, signing_domain, selector, private_key FROM sending_domain_dkim_keys
         WHERE company_id = $1 AND domain = $2 AND key_id = $3`,
        [companyId, domain, id],
      );
      return row
        ? {
            status: row.dkim_status,
            signingDomain: row.signing_domain,
            selector: row.selector,
            privateKeyPem: row.private_key,
          }
        : undefined;
    },
  };
}
