import { randomUUID } from 'node:crypto';
import type { DesignBlock } from '@app/contract/editor/design';
import type { SavedBlock } from '@app/contract/editor/embed-api';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';

/** How many blocks one company may keep. */
export const savedBlockLimit = 100;

export interface BlockOwner {
  companyId: string;
  subaccountId: number;
}

interface Row {
  id: string;
  name: string;
  block: DesignBlock;
  created_at: Date;
}

const toSaved = (row: Row): SavedBlock => ({
  id: row.id,
  name: row.name,
  block: row.block,
  created_at: row.created_at.toISOString(),
});

export type SavedBlockStore = ReturnType<typeof createSavedBlockStore>;

/** Blocks saved for reuse in the editor, each account's own (table editor_saved_blocks). */
export function createSavedBlockStore(db: Db, clock: Clock) {
  return {
    async list(owner: BlockOwner): Promise<SavedBlock[]> {
      const rows = await db.query<Row>(
        `SELECT id, name, block, created_at FROM editor_saved_blocks
         WHERE company_id = $1 AND subaccount_id = $2 ORDER BY created_at DESC, id`,
        [owner.companyId, owner.subaccountId],
      );
      return rows.map(toSaved);
    },

    /** The saved block, or 'full' when the account (company or subaccount) keeps {@link savedBlockLimit}. */
    async add(owner: BlockOwner, name: string, block: DesignBlock): Promise<SavedBlock | 'full'> {
      return db.transaction(async (tx) => {
        // Serializes one company's additions, so two at once cannot both take the last place.
        await tx.query('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [owner.companyId]);
        const { count } = await tx.one<{ count: number }>(
          'SELECT count(*)::int AS count FROM editor_saved_blocks WHERE company_id = $1 AND subaccount_id = $2',
          [owner.companyId, owner.subaccountId],
        );
        if (count >= savedBlockLimit) return 'full';
        const row = await tx.one<Row>(
          `INSERT INTO editor_saved_blocks (id, company_id, subaccount_id, name, block, created_at)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING id, name, block, created_at`,
          [randomUUID(), owner.companyId, owner.subaccountId, name, JSON.stringify(block), clock.now()],
        );
        return toSaved(row);
      });
    },

    async remove(owner: BlockOwner, id: string): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM editor_saved_blocks WHERE company_id = $1 AND subaccount_id = $2 AND id = $3 RETURNING id',
        [owner.companyId, owner.subaccountId, id],
      );
      return rows.length > 0;
    },
  };
}
