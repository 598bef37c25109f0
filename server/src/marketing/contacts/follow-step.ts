import type { Db } from '../../db/db.ts';

/** What one step of a follower read: how far it goes, and what to write for it. */
export interface FollowedBatch<C> {
  /** Where the cursor stands once the batch is applied. */
  next: C;
  /** How much the batch moved the follower on (0: caught up). */
  moved: number;
  /** The read reached the newest: once applied, the follower waits for its next turn rather than read on. */
  atHead?: boolean;
  apply(tx: Db): Promise<unknown>;
}

/** Another worker moved the cursor first: the transaction rolls back what this one wrote. */
class MovedElsewhere extends Error {}

/**
 * One step of a marketing follower of the engine (its suppression list, its opens and clicks): reads
 * after the cursor named `name` (in marketing_sync_cursors), then applies the batch and moves the
 * cursor in one transaction, only from where it read. Every worker process follows; only one moves
 * the cursor each time, so no batch is lost or applied twice. Answers how far it moved (0: caught up,
 * or another worker applied this batch).
 */
export async function followStep<C>(
  db: Db,
  name: string,
  read: (after: C | null) => Promise<FollowedBatch<C> | undefined>,
): Promise<number> {
  const after =
    (await db.maybeOne<{ cursor: C }>('SELECT cursor FROM marketing_sync_cursors WHERE name = $1', [name]))
      ?.cursor ?? null;
  // Read before the transaction: the engine answers on its own connection.
  const batch = await read(after);
  if (!batch || batch.moved === 0) return 0;
  return db
    .transaction(async (tx) => {
      await batch.apply(tx);
      const moved = await tx.query(
        `INSERT INTO marketing_sync_cursors (name, cursor) VALUES ($1, $2::jsonb)
         ON CONFLICT (name) DO UPDATE SET cursor = EXCLUDED.cursor
         WHERE marketing_sync_cursors.cursor = $3::jsonb
         RETURNING 1`,
        [name, JSON.stringify(batch.next), after === null ? null : JSON.stringify(after)],
      );
      if (moved.length === 0) throw new MovedElsewhere();
      return batch.atHead ? 0 : batch.moved;
    })
    .catch((error: unknown) => {
      if (error instanceof MovedElsewhere) return 0;
      throw error;
    });
}

/** Event ids read at once by an events follower. */
const eventWindow = 5000;
/**
 * Ids read again behind the cursor each time: an event's id is taken when it is inserted, so one
 * committed after a later id was read is still seen. Applying an event twice must change nothing.
 */
const eventOverlap = 1000;

/**
 * One step of a follower of the engine's events by id (`read` answers the events after an id, at most
 * `window` ids on, and where the next read starts), applying them with `apply` (which must change
 * nothing when given an event again). Answers how far it moved, or 0 once it reached the newest event:
 * while mail is delivered new events come all the time, and reading on at once would apply the overlap
 * again and again (on PGlite's one connection, that slowed a campaign's delivery five times).
 */
export function followEventIds<E>(
  db: Db,
  name: string,
  read: (afterId: string, window: number) => Promise<{ events: E[]; upTo: string }>,
  apply: (tx: Db, events: E[]) => Promise<unknown>,
): Promise<number> {
  return followStep<string>(db, name, async (after) => {
    const from = after ?? '0';
    const start = BigInt(from) > BigInt(eventOverlap) ? String(BigInt(from) - BigInt(eventOverlap)) : '0';
    const { events, upTo } = await read(start, eventWindow + eventOverlap);
    const moved = Number(BigInt(upTo) - BigInt(from));
    if (moved <= 0) return undefined;
    const atHead = BigInt(upTo) < BigInt(start) + BigInt(eventWindow + eventOverlap);
    return { next: upTo, moved, atHead, apply: (tx) => apply(tx, events) };
  });
}
