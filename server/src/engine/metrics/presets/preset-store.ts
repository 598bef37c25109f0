import { randomUUID } from 'node:crypto';
import { type AnalyticFilterSet, type AnalyticPreset, analyticPresetLimit } from '@app/contract/engine/index';
import type { Clock } from '../../../clock.ts';
import { type Db, isUniqueViolation } from '../../../db/db.ts';
import { DomainError } from '../../../domain-error.ts';

interface PresetRow {
  id: string;
  name: string;
  filters: AnalyticFilterSet;
  created_at: Date;
  updated_at: Date;
}

const columns = 'id, name, filters, created_at, updated_at';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toPreset = (row: PresetRow): AnalyticPreset => ({
  id: row.id,
  name: row.name,
  filters: row.filters,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const notFound = () => new DomainError('entityNotFound', 'Preset not found', { field: 'preset' });
const nameTaken = (name: string) =>
  new DomainError('duplicate', `A preset named "${name}" already exists; choose another name`, {
    field: 'name',
    value: name,
  });

export type PresetStore = ReturnType<typeof createPresetStore>;

/**
 * The analytics page's saved presets (table analytic_presets), each owned by one company: every
 * method takes the caller's company and never sees another's. Names are unique per company
 * (without case) and a company keeps at most `analyticPresetLimit` of them.
 */
export function createPresetStore(db: Db, clock: Clock) {
  /** Runs the change, answering a name already in use as a duplicate. */
  async function naming<T>(name: string, change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(name);
      throw error;
    }
  }

  return {
    async list(companyId: string): Promise<AnalyticPreset[]> {
      const rows = await db.query<PresetRow>(
        `SELECT ${columns} FROM analytic_presets WHERE company_id = $1 ORDER BY lower(name), id`,
        [companyId],
      );
      return rows.map(toPreset);
    },

    async get(companyId: string, id: string): Promise<AnalyticPreset> {
      if (!uuidPattern.test(id)) throw notFound();
      const row = await db.maybeOne<PresetRow>(
        `SELECT ${columns} FROM analytic_presets WHERE company_id = $1 AND id = $2`,
        [companyId, id],
      );
      if (!row) throw notFound();
      return toPreset(row);
    },

    async create(companyId: string, name: string, filters: AnalyticFilterSet): Promise<AnalyticPreset> {
      return naming(name, () =>
        db.transaction(async (tx) => {
          // One company's saves take turns, so two at once cannot pass the limit together.
          await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`analytic_presets:${companyId}`]);
          const { count } = await tx.one<{ count: number }>(
            'SELECT count(*)::int AS count FROM analytic_presets WHERE company_id = $1',
            [companyId],
          );
          if (count >= analyticPresetLimit) {
            throw new DomainError('quotaExceeded', `At most ${analyticPresetLimit} presets can be saved`, {
              feature: 'Analytic',
              subfeature: `${analyticPresetLimit} presets`,
              cause: 'Delete a preset you no longer use to save another.',
            });
          }
          const now = clock.now();
          const row = await tx.one<PresetRow>(
            `INSERT INTO analytic_presets (id, company_id, name, filters, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${columns}`,
            [randomUUID(), companyId, name, JSON.stringify(filters), now],
          );
          return toPreset(row);
        }),
      );
    },

    async update(
      companyId: string,
      id: string,
      change: { name?: string; filters?: AnalyticFilterSet },
    ): Promise<AnalyticPreset> {
      if (!uuidPattern.test(id)) throw notFound();
      const row = await naming(change.name ?? '', () =>
        db.maybeOne<PresetRow>(
          `UPDATE analytic_presets SET name = coalesce($3, name), filters = coalesce($4::jsonb, filters),
             updated_at = $5
           WHERE company_id = $1 AND id = $2 RETURNING ${columns}`,
          [
            companyId,
            id,
            change.name ?? null,
            change.filters ? JSON.stringify(change.filters) : null,
            clock.now(),
          ],
        ),
      );
      if (!row) throw notFound();
      return toPreset(row);
    },

    async remove(companyId: string, id: string): Promise<void> {
      if (!uuidPattern.test(id)) throw notFound();
      const rows = await db.query(
        'DELETE FROM analytic_presets WHERE company_id = $1 AND id = $2 RETURNING id',
        [companyId, id],
      );
      if (rows.length === 0) throw notFound();
    },
  };
}
