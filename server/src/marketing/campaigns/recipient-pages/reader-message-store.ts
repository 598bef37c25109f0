import type { Db } from '../../../db/db.ts';

type Kind = 'reply' | 'forward';

/** The replies and forwards readers sent from a campaign's pages (`campaign_reader_messages`). */
export const readerMessageStore = {
  /**
   * Takes one of the reader's `limit` messages of `kind` since `since`, recorded at `at`: its id, or
   * undefined when none is left. Readers posting at once queue on a lock, so none passes the limit.
   */
  reserve: (
    db: Db,
    reader: { campaignId: string; contactId: string; kind: Kind },
    window: { since: Date; at: Date; limit: number },
  ) =>
    db.transaction(async (tx) => {
      const { campaignId, contactId, kind } = reader;
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `campaign_reader_messages:${campaignId}:${contactId}:${kind}`,
      ]);
      const row = await tx.maybeOne<{ id: string }>(
        `INSERT INTO campaign_reader_messages (campaign_id, contact_id, kind, sent_at)
         SELECT $1, $2, $3, $4
         WHERE (SELECT count(*) FROM campaign_reader_messages
                WHERE campaign_id = $1 AND contact_id = $2 AND kind = $3 AND sent_at > $5) < $6
         RETURNING id::text AS id`,
        [campaignId, contactId, kind, window.at, window.since, window.limit],
      );
      return row?.id;
    }),

  /** Gives a reserved message back (its mail could not be sent). */
  release: (db: Db, id: string) => db.query('DELETE FROM campaign_reader_messages WHERE id = $1', [id]),
};
