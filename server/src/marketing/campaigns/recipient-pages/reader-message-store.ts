import type { Db } from '../../../db/db.ts';

type Kind = 'reply' | 'forward';

/** The replies and forwards readers sent from a campaign's pages (`campaign_reader_messages`). */
export const readerMessageStore = {
  record: (db: Db, campaignId: string, contactId: string, kind: Kind, at: Date) =>
    db.query(
      'INSERT INTO campaign_reader_messages (campaign_id, contact_id, kind, sent_at) VALUES ($1, $2, $3, $4)',
      [campaignId, contactId, kind, at],
    ),

  countSince: async (db: Db, campaignId: string, contactId: string, kind: Kind, since: Date) =>
    (
      await db.one<{ sent: number }>(
        `SELECT count(*)::int AS sent FROM campaign_reader_messages
         WHERE campaign_id = $1 AND contact_id = $2 AND kind = $3 AND sent_at > $4`,
        [campaignId, contactId, kind, since],
      )
    ).sent,
};
