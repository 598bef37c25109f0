import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { createNotifiedCache } from '../../db/notified-cache.ts';

export type SubaccountStatus = 'active' | 'suspended' | 'terminated';

export interface Subaccount {
  id: number;
  name: string;
  status: SubaccountStatus;
  ipPool: string | null;
  createdAt: Date;
}

interface SubaccountRow {
  id: string;
  name: string;
  status: SubaccountStatus;
  ip_pool: string | null;
  created_at: Date;
}

const toSubaccount = (row: SubaccountRow): Subaccount => ({
  id: Number(row.id),
  name: row.name,
  status: row.status,
  ipPool: row.ip_pool,
  createdAt: row.created_at,
});

const columns = 'id, name, status, ip_pool, created_at';
/** How long a status is trusted without a change announced (a lost announcement). */
const statusCacheMs = 10_000;
/** Announces a created or changed subaccount (payload: `companyId:id`) to every process's status cache. */
const subaccountChanged = 'subaccount_changed';
/** A subaccount's key in the status cache: no company id holds a colon. */
const statusKey = (companyId: string, id: number) => `${companyId}:${id}`;

export type SubaccountStore = ReturnType<typeof createSubaccountStore>;

/** Subaccounts of a company. Every method takes the company id: no subaccount is reachable without it. */
export function createSubaccountStore(db: Db, clock: Clock) {
  const statuses = createNotifiedCache(
    db,
    clock,
    { channel: subaccountChanged, ttlMs: statusCacheMs },
    async (key): Promise<SubaccountStatus | undefined> => {
      const [companyId, id] = key.split(':');
      const row = await db.maybeOne<{ status: SubaccountStatus }>(
        'SELECT status FROM subaccounts WHERE company_id = $1 AND id = $2',
        [companyId, id],
      );
      return row?.status;
    },
  );

  return {
    async create(companyId: string, input: { name: string; ipPool?: string }): Promise<Subaccount> {
      const row = await db.one<SubaccountRow>(
        `INSERT INTO subaccounts (company_id, name, ip_pool, created_at) VALUES ($1, $2, $3, $4)
         RETURNING ${columns}`,
        [companyId, input.name, input.ipPool ?? null, clock.now()],
      );
      await statuses.changed(db, statusKey(companyId, Number(row.id)));
      return toSubaccount(row);
    },

    async list(companyId: string): Promise<Subaccount[]> {
      const rows = await db.query<SubaccountRow>(
        `SELECT ${columns} FROM subaccounts WHERE company_id = $1 ORDER BY id`,
        [companyId],
      );
      return rows.map(toSubaccount);
    },

    async count(companyId: string): Promise<number> {
      const row = await db.one<{ total: number }>(
        'SELECT count(*)::int AS total FROM subaccounts WHERE company_id = $1',
        [companyId],
      );
      return row.total;
    },

    async get(companyId: string, id: number): Promise<Subaccount | undefined> {
      const row = await db.maybeOne<SubaccountRow>(
        `SELECT ${columns} FROM subaccounts WHERE company_id = $1 AND id = $2`,
        [companyId, id],
      );
      return row ? toSubaccount(row) : undefined;
    },

    async update(
      companyId: string,
      id: number,
      changes: { name?: string; status?: SubaccountStatus; ipPool?: string | null },
    ): Promise<Subaccount | undefined> {
      const row = await db.maybeOne<SubaccountRow>(
        `UPDATE subaccounts SET name = coalesce($3, name), status = coalesce($4, status),
           ip_pool = CASE WHEN $5 THEN $6 ELSE ip_pool END
         WHERE company_id = $1 AND id = $2 RETURNING ${columns}`,
        [
          companyId,
          id,
          changes.name ?? null,
          changes.status ?? null,
          changes.ipPool !== undefined,
          changes.ipPool ?? null,
        ],
      );
      await statuses.changed(db, statusKey(companyId, id));
      return row ? toSubaccount(row) : undefined;
    },

    /** Status of a subaccount of this company (undefined when it is not one); cached briefly for the hot path. */
    statusOf(companyId: string, id: number): Promise<SubaccountStatus | undefined> {
      return statuses.get(statusKey(companyId, id));
    },
  };
}
