import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';

/** The pool every company has without creating it: the machine's default source address. */
export const defaultPoolId = 'default';

export interface IpPool {
  id: string;
  name: string;
  signingDomain: string;
  fblSigningDomain: string;
  overflowPool: string;
  /** Local source addresses, normalized (local-addresses.ts). */
  ips: string[];
}

export type IpPoolFields = Omit<IpPool, 'id'>;

/** Why a create or update was refused (routes.ts words each in SparkPost's terms). */
export type PoolRefusal =
  | { problem: 'overflowMissing'; pool: string }
  | { problem: 'overflowHasOverflow'; pool: string }
  | { problem: 'isOverflow'; pool: string }
  | { problem: 'addressTaken'; address: string; pool: string };

export interface IpPoolDeps {
  /** The pool a subaccount is restricted to (subaccounts.ip_pool), null when it may use any. */
  subaccountPool(companyId: string, subaccountId: number): Promise<string | null>;
}

interface PoolRow {
  id: string;
  name: string;
  signing_domain: string;
  fbl_signing_domain: string;
  auto_warmup_overflow_pool: string;
  ips: string[];
}

const columns = 'id, name, signing_domain, fbl_signing_domain, auto_warmup_overflow_pool, ips';

const toPool = (row: PoolRow): IpPool => ({
  id: row.id,
  name: row.name,
  signingDomain: row.signing_domain,
  fblSigningDomain: row.fbl_signing_domain,
  overflowPool: row.auto_warmup_overflow_pool,
  ips: row.ips,
});

const defaultPool: IpPool = {
  id: defaultPoolId,
  name: 'Default',
  signingDomain: '',
  fblSigningDomain: '',
  overflowPool: '',
  ips: [],
};

/** Pool ids are matched without regard to case, as SparkPost's options.ip_pool is. */
const keyOf = (id: string) => id.trim().toLowerCase();

export type IpPoolStore = ReturnType<typeof createIpPoolStore>;

/**
 * A company's IP pools (SparkPost's master account owns them; subaccounts send through them).
 * Every method takes the company id. An address is in at most one pool of a company.
 */
export function createIpPoolStore(db: Db, clock: Clock, deps: IpPoolDeps) {
  const find = async (target: Db, companyId: string, id: string): Promise<IpPool | undefined> => {
    if (keyOf(id) === defaultPoolId) return defaultPool;
    const row = await target.maybeOne<PoolRow>(
      `SELECT ${columns} FROM ip_pools WHERE company_id = $1 AND id = $2`,
      [companyId, keyOf(id)],
    );
    return row ? toPool(row) : undefined;
  };

  /** The checks shared by create and update, inside their transaction (after the company's lock). */
  async function refusalOf(tx: Db, companyId: string, id: string, fields: IpPoolFields) {
    const overflow = keyOf(fields.overflowPool);
    if (overflow) {
      const pool = await find(tx, companyId, overflow);
      if (!pool || overflow === id) return { problem: 'overflowMissing', pool: fields.overflowPool } as const;
      if (pool.overflowPool) return { problem: 'overflowHasOverflow', pool: overflow } as const;
      const usedAsOverflow = await tx.maybeOne(
        'SELECT 1 FROM ip_pools WHERE company_id = $1 AND auto_warmup_overflow_pool = $2',
        [companyId, id],
      );
      if (usedAsOverflow) return { problem: 'isOverflow', pool: id } as const;
    }
    if (fields.ips.length > 0) {
      const holder = await tx.maybeOne<{ id: string; address: string }>(
        `SELECT id, address FROM ip_pools, unnest(ips) AS address
         WHERE company_id = $1 AND id <> $2 AND address = ANY($3::text[]) LIMIT 1`,
        [companyId, id, fields.ips],
      );
      if (holder) return { problem: 'addressTaken', address: holder.address, pool: holder.id } as const;
    }
    return undefined;
  }

  /** Pool writes of one company run one at a time: the address and overflow rules read other pools. */
  const lockCompany = (tx: Db, companyId: string) =>
    tx.query("SELECT pg_advisory_xact_lock(hashtext('ip_pools:' || $1))", [companyId]);

  return {
    /** The company's pools by id, then the default pool. */
    async list(companyId: string): Promise<IpPool[]> {
      const rows = await db.query<PoolRow>(
        `SELECT ${columns} FROM ip_pools WHERE company_id = $1 ORDER BY id`,
        [companyId],
      );
      return [...rows.map(toPool), defaultPool];
    },

    get: (companyId: string, id: string) => find(db, companyId, id),

    async exists(companyId: string, id: string): Promise<boolean> {
      return (await find(db, companyId, id)) !== undefined;
    },

    /** Creates a pool under the first free id of `baseId`, `baseId_2`, ...; returns the id or a refusal. */
    async create(
      companyId: string,
      baseId: string,
      fields: IpPoolFields,
    ): Promise<{ id: string } | PoolRefusal> {
      return db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const taken = new Set(
          (
            await tx.query<{ id: string }>(
              `SELECT id FROM ip_pools WHERE company_id = $1 AND (id = $2 OR id LIKE $3)`,
              [companyId, baseId, `${baseId.replace(/[\\%_]/g, (c) => `\\${c}`)}\\_%`],
            )
          ).map((row) => row.id),
        );
        taken.add(defaultPoolId);
        let id = baseId;
        for (let n = 2; taken.has(id); n += 1) id = `${baseId}_${n}`;
        const refusal = await refusalOf(tx, companyId, id, fields);
        if (refusal) return refusal;
        const now = clock.now();
        await tx.query(
          `INSERT INTO ip_pools (company_id, id, name, signing_domain, fbl_signing_domain, auto_warmup_overflow_pool,
             ips, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
          [
            companyId,
            id,
            fields.name,
            fields.signingDomain,
            fields.fblSigningDomain,
            keyOf(fields.overflowPool),
            fields.ips,
            now,
          ],
        );
        return { id };
      });
    },

    /** Replaces a stored pool's fields; undefined when the company has no such pool. */
    async update(
      companyId: string,
      id: string,
      fields: IpPoolFields,
    ): Promise<IpPool | PoolRefusal | undefined> {
      return db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const key = keyOf(id);
        const current = await tx.maybeOne('SELECT 1 FROM ip_pools WHERE company_id = $1 AND id = $2', [
          companyId,
          key,
        ]);
        if (!current) return undefined;
        const refusal = await refusalOf(tx, companyId, key, fields);
        if (refusal) return refusal;
        const row = await tx.one<PoolRow>(
          `UPDATE ip_pools SET name = $3, signing_domain = $4, fbl_signing_domain = $5,
             auto_warmup_overflow_pool = $6, ips = $7, updated_at = $8
           WHERE company_id = $1 AND id = $2 RETURNING ${columns}`,
          [
            companyId,
            key,
            fields.name,
            fields.signingDomain,
            fields.fblSigningDomain,
            keyOf(fields.overflowPool),
            fields.ips,
            clock.now(),
          ],
        );
        return toPool(row);
      });
    },

    /**
     * Moves one address into `poolId` (the default pool: into no pool), out of whichever pool held
     * it, in one transaction; false when the company has no such pool.
     */
    async moveAddress(companyId: string, address: string, poolId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const key = keyOf(poolId);
        if (!(await find(tx, companyId, key))) return false;
        const now = clock.now();
        await tx.query(
          `UPDATE ip_pools SET ips = array_remove(ips, $2), updated_at = $3
           WHERE company_id = $1 AND $2 = ANY(ips)`,
          [companyId, address, now],
        );
        if (key !== defaultPoolId) {
          await tx.query(
            'UPDATE ip_pools SET ips = array_append(ips, $3), updated_at = $4 WHERE company_id = $1 AND id = $2',
            [companyId, key, address, now],
          );
        }
        return true;
      });
    },

    /** Deletes a stored pool (its addresses return to no pool; pools overflowing to it no longer do). */
    async remove(companyId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const key = keyOf(id);
        const gone = await tx.query('DELETE FROM ip_pools WHERE company_id = $1 AND id = $2 RETURNING id', [
          companyId,
          key,
        ]);
        if (gone.length === 0) return false;
        await tx.query(
          `UPDATE ip_pools SET auto_warmup_overflow_pool = '' WHERE company_id = $1 AND auto_warmup_overflow_pool = $2`,
          [companyId, key],
        );
        return true;
      });
    },

    /**
     * The source addresses delivery binds to for a message of this account: those of the pool the
     * subaccount is restricted to, else of `poolId`; [] (the machine's default address) for the
     * default pool, no pool, or a pool deleted since the message was accepted.
     */
    async addressesOf(companyId: string, subaccountId: number, poolId: string): Promise<string[]> {
      const restricted = subaccountId === 0 ? null : await deps.subaccountPool(companyId, subaccountId);
      const pool = await find(db, companyId, restricted || poolId || defaultPoolId);
      return pool?.ips ?? [];
    },
  };
}
