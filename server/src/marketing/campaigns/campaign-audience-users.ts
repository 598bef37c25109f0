import type { Db } from '../../db/db.ts';
import type { AudienceKind, AudienceUsers } from '../contacts/audience/audience-users.ts';

const arrays: Record<AudienceKind, [string, string]> = {
  label: ['labels', 'excluded_labels'],
  segment: ['segments', 'excluded_segments'],
};

/**
 * Campaigns as users of labels and segments: one scheduled, going out or paused holds them (its
 * send reads them); drafts and finished campaigns let them go (the id is dropped from them).
 */
export function campaignAudienceUsers(db: Db): AudienceUsers {
  return {
    async holding(companyId, kind, id) {
      const [included, excluded] = arrays[kind];
      const rows = await db.query<{ name: string }>(
        `SELECT name FROM campaigns
         WHERE company_id = $1 AND status IN ('SCHEDULED', 'SENDING', 'PAUSED')
           AND ($2::bigint = ANY(${included}) OR $2::bigint = ANY(${excluded}))
         ORDER BY name LIMIT 5`,
        [companyId, id],
      );
      return rows.map((row) => row.name);
    },
    async forget(tx, companyId, kind, id) {
      const [included, excluded] = arrays[kind];
      await tx.query(
        `UPDATE campaigns SET ${included} = array_remove(${included}, $2::bigint),
           ${excluded} = array_remove(${excluded}, $2::bigint)
         WHERE company_id = $1 AND status NOT IN ('SCHEDULED', 'SENDING', 'PAUSED')
           AND ($2::bigint = ANY(${included}) OR $2::bigint = ANY(${excluded}))`,
        [companyId, id],
      );
    },
  };
}
