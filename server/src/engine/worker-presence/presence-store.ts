import type { Db } from '../../db/db.ts';

export interface WorkerRow {
  id: string;
  beats: number;
  deadSince: Date | null;
}

/** The one owner of `worker_processes`: the worker processes, their heartbeat counts, the dead ones. */
export function createPresenceStore(db: Db) {
  return {
    async register(id: string, at: Date): Promise<void> {
      await db.query('INSERT INTO worker_processes (id, started_at) VALUES ($1, $2)', [id, at]);
    },

    /** Counts a heartbeat of `id`; false when it was found dead (or is unknown). */
    async beat(id: string): Promise<boolean> {
      const rows = await db.query(
        'UPDATE worker_processes SET beats = beats + 1 WHERE id = $1 AND dead_since IS NULL RETURNING 1',
        [id],
      );
      return rows.length > 0;
    },

    async list(): Promise<WorkerRow[]> {
      const rows = await db.query<{ id: string; beats: string; dead_since: Date | null }>(
        'SELECT id, beats::text AS beats, dead_since FROM worker_processes',
      );
      return rows.map((row) => ({ id: row.id, beats: Number(row.beats), deadSince: row.dead_since }));
    },

    /** Marks `id` dead, unless it beat since its count was `beats`; returns whether it did. */
    async markDead(id: string, beats: number, at: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE worker_processes SET dead_since = $3
         WHERE id = $1 AND beats = $2 AND dead_since IS NULL RETURNING 1`,
        [id, beats, at],
      );
      return rows.length > 0;
    },

    /** Marks `id` dead as it stops: whatever it still holds is free at once. */
    async leave(id: string, at: Date): Promise<void> {
      await db.query('UPDATE worker_processes SET dead_since = $2 WHERE id = $1 AND dead_since IS NULL', [
        id,
        at,
      ]);
    },

    /** Marks every process but `id` dead (they cannot be running: `id` owns the database alone). */
    async markOthersDead(id: string, at: Date): Promise<void> {
      await db.query('UPDATE worker_processes SET dead_since = $2 WHERE id <> $1 AND dead_since IS NULL', [
        id,
        at,
      ]);
    },

    /** Forgets the processes found dead before `before` (their leases are long gone). */
    async forgetDead(before: Date): Promise<void> {
      await db.query('DELETE FROM worker_processes WHERE dead_since < $1', [before]);
    },
  };
}
