import type { Db } from '../../../db/db.ts';

export interface Visit {
  pageId: string;
  at: Date;
  visitor: string;
  country: string;
}

/** Page views (table page_visits): written in batches, read as per-day and per-country counts. */
export const visitStore = {
  async insert(db: Db, visits: readonly Visit[]): Promise<void> {
    if (visits.length === 0) return;
    await db.query(
      `INSERT INTO page_visits (page_id, at, visitor, country)
       SELECT * FROM unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::text[])`,
      [
        visits.map((v) => v.pageId),
        visits.map((v) => v.at),
        visits.map((v) => v.visitor),
        visits.map((v) => v.country),
      ],
    );
  },

  /** Visits and (daily) unique visitors per day, days starting at the team's midnight (`offsetMinutes` east of UTC). */
  byDay: (db: Db, pageId: string, from: Date, to: Date, offsetMinutes: number) =>
    db.query<{ day: string; visits: number; visitors: number }>(
      `SELECT to_char(at + make_interval(mins => $4), 'YYYY-MM-DD') AS day, count(*)::int AS visits,
         count(DISTINCT visitor)::int AS visitors
       FROM page_visits WHERE page_id = $1 AND at >= $2 AND at < $3 GROUP BY 1 ORDER BY 1`,
      [pageId, from, to, offsetMinutes],
    ),

  byCountry: (db: Db, pageId: string, from: Date, to: Date) =>
    db.query<{ country: string; visits: number }>(
      `SELECT country, count(*)::int AS visits FROM page_visits
       WHERE page_id = $1 AND at >= $2 AND at < $3 GROUP BY country ORDER BY visits DESC, country LIMIT 250`,
      [pageId, from, to],
    ),
};
