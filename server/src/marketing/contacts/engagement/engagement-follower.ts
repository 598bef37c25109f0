import type { Db } from '../../../db/db.ts';
import type { Engagement, MarketingEngine } from '../../../engine/interfaces.ts';
import { followEventIds } from '../follow-step.ts';

const cursorName = 'engine-engagement';
/** Each address's latest open and click in `events` (a click counts as an open: the mail was read). */
function latestOf(events: readonly Engagement[]) {
  const latest = new Map<string, { companyId: string; email: string; opened: Date; clicked: Date | null }>();
  for (const event of events) {
    const key = `${event.companyId} ${event.address}`;
    const at = new Date(event.at);
    const entry = latest.get(key) ?? {
      companyId: event.companyId,
      email: event.address,
      opened: at,
      clicked: null,
    };
    if (at > entry.opened) entry.opened = at;
    if (event.kind === 'click' && (entry.clicked === null || at > entry.clicked)) entry.clicked = at;
    latest.set(key, entry);
  }
  return [...latest.values()];
}

/**
 * Follows the opens and clicks people make (machine opens left out) into the contacts' last open and
 * last click: what the engagement rules of segments read. Only later times are written.
 */
export function createEngagementFollower(deps: { db: Db; engine: Pick<MarketingEngine, 'engagementAfter'> }) {
  const { db, engine } = deps;
  return {
    /** Applies one range of events; answers how many ids it moved on (0: caught up). */
    runOnce: () =>
      followEventIds(
        db,
        cursorName,
        (afterId, window) => engine.engagementAfter(afterId, window),
        async (tx, events) => {
          const rows = latestOf(events);
          if (rows.length === 0) return;
          await tx.query(
            `UPDATE contacts c SET last_open_at = GREATEST(c.last_open_at, e.opened),
               last_click_at = GREATEST(c.last_click_at, e.clicked)
             FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::timestamptz[]) AS e(company_id, email, opened, clicked)
             WHERE c.company_id = e.company_id AND c.email = e.email
               AND (e.opened > coalesce(c.last_open_at, '-infinity') OR e.clicked > coalesce(c.last_click_at, '-infinity'))`,
            [
              rows.map((row) => row.companyId),
              rows.map((row) => row.email),
              rows.map((row) => row.opened),
              rows.map((row) => row.clicked),
            ],
          );
        },
      ),
  };
}
