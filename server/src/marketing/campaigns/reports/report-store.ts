import type { CampaignReport, CampaignReportType } from '@app/contract/marketing/campaign-reports';
import type { Db } from '../../../db/db.ts';
import type { CampaignEvent } from '../../../engine/interfaces.ts';

/** Each kind of event: the recipient's column it stamps (first time only) and the total it counts. */
const tallies = {
  delivered: { column: 'delivered_at', total: 'delivered' },
  bounced: { column: 'bounced_at', total: 'bounced' },
  opened: { column: 'opened_at', total: 'opened' },
  machineOpened: { column: 'machine_opened_at', total: 'machine_opened' },
  clicked: { column: 'clicked_at', total: 'clicked' },
  unsubscribed: { column: 'unsubscribed_at', total: 'unsubscribed' },
  complained: { column: 'complained_at', total: 'complained' },
} as const;
type Tally = keyof typeof tallies;

/**
 * Which tallies an event adds to: a person's click is a read too (an open); a scanner following the
 * links is nobody's click.
 */
function talliesOf(event: CampaignEvent): Tally[] {
  if (event.kind === 'opened') return [event.machine ? 'machineOpened' : 'opened'];
  if (event.kind === 'clicked') return event.machine ? [] : ['clicked', 'opened'];
  return [event.kind];
}

/** The recipients' condition of each report type. */
const reportWhere: Record<CampaignReportType, { where: string; at: string }> = {
  delivered: { where: 'r.delivered_at IS NOT NULL', at: 'r.delivered_at' },
  opened: { where: 'r.opened_at IS NOT NULL', at: 'r.opened_at' },
  clicked: { where: 'r.clicked_at IS NOT NULL', at: 'r.clicked_at' },
  notopen: { where: 'r.delivered_at IS NOT NULL AND r.opened_at IS NULL', at: 'r.delivered_at' },
  bounceback: { where: 'r.bounced_at IS NOT NULL', at: 'r.bounced_at' },
  unsubscribed: { where: 'r.unsubscribed_at IS NOT NULL', at: 'r.unsubscribed_at' },
  reportspam: { where: 'r.complained_at IS NOT NULL', at: 'r.complained_at' },
};

const campaignNumber = (engineId: string) => engineId.slice('campaign-'.length);

/** The SQL of campaign reports: recipients stamped from the engine's events, totals kept apart. */
export const reportStore = {
  /**
   * Stamps each event's recipient (the first time of each kind only) and adds what was newly stamped
   * to its campaign's totals: applying the same events again changes nothing. The recipients are
   * found (contact, then campaign and contact) before the update: joined by the campaign alone, the
   * planner without statistics matched each event with every recipient (1,700 events × 2,000
   * recipients: 10 s on PGlite, where a campaign's delivery waited for it).
   */
  async apply(tx: Db, events: readonly CampaignEvent[]): Promise<void> {
    const byTally = new Map<Tally, CampaignEvent[]>();
    for (const event of events) {
      for (const tally of talliesOf(event)) {
        const list = byTally.get(tally);
        if (list) list.push(event);
        else byTally.set(tally, [event]);
      }
    }
    for (const [tally, list] of byTally) {
      const { column, total } = tallies[tally];
      await tx.query(
        `WITH e AS (
           SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::timestamptz[]) AS e(company_id, campaign_id, email, at)
         ), stamped AS MATERIALIZED (
           SELECT e.campaign_id, c.id AS contact_id, min(e.at) AS at
           FROM e JOIN contacts c ON c.company_id = e.company_id AND c.email = e.email
           GROUP BY e.campaign_id, c.id
         ), hit AS (
           UPDATE campaign_recipients r SET ${column} = stamped.at FROM stamped
           WHERE r.campaign_id = stamped.campaign_id AND r.contact_id = stamped.contact_id AND r.${column} IS NULL
           RETURNING r.campaign_id
         )
         INSERT INTO campaign_totals (campaign_id, ${total})
         SELECT campaign_id, count(*) FROM hit GROUP BY campaign_id
         ON CONFLICT (campaign_id) DO UPDATE SET ${total} = campaign_totals.${total} + EXCLUDED.${total}`,
        [
          list.map((event) => event.companyId),
          list.map((event) => campaignNumber(event.campaignId)),
          list.map((event) => event.address),
          list.map((event) => event.at),
        ],
      );
    }
  },

  /** Keeps each person's click on a link (once per engine event) for the clicks per link. */
  async applyClicks(tx: Db, events: readonly CampaignEvent[]): Promise<void> {
    const clicks = events.filter((event) => event.kind === 'clicked' && !event.machine && event.url);
    if (clicks.length === 0) return;
    await tx.query(
      `INSERT INTO campaign_clicks (campaign_id, event_id, contact_id, url, clicked_at)
       SELECT r.campaign_id, e.event_id, r.contact_id, e.url, e.at
       FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::timestamptz[])
         AS e(company_id, campaign_id, email, event_id, url, at)
       JOIN contacts c ON c.company_id = e.company_id AND c.email = e.email
       JOIN campaign_recipients r ON r.campaign_id = e.campaign_id AND r.contact_id = c.id
       ON CONFLICT (campaign_id, event_id) DO NOTHING`,
      [
        clicks.map((event) => event.companyId),
        clicks.map((event) => campaignNumber(event.campaignId)),
        clicks.map((event) => event.address),
        clicks.map((event) => event.eventId),
        clicks.map((event) => event.url),
        clicks.map((event) => event.at),
      ],
    );
  },

  /** The links people clicked, most clicked first: clicks, and how many people clicked each. */
  /** Recipients whose first delivery, open (a person's) or click fell in each of the `hours` after `since`. */
  timeline: (db: Db, campaignId: string, since: Date, hours: number) =>
    db.query<{ kind: 'delivered' | 'opened' | 'clicked'; hour: number; count: number }>(
      `SELECT kind, hour, count(*)::int AS count FROM (
         SELECT 'delivered' AS kind, floor(extract(epoch FROM delivered_at - $2::timestamptz) / 3600)::int AS hour
         FROM campaign_recipients WHERE campaign_id = $1 AND delivered_at IS NOT NULL
         UNION ALL
         SELECT 'opened', floor(extract(epoch FROM opened_at - $2::timestamptz) / 3600)::int
         FROM campaign_recipients WHERE campaign_id = $1 AND opened_at IS NOT NULL
         UNION ALL
         SELECT 'clicked', floor(extract(epoch FROM clicked_at - $2::timestamptz) / 3600)::int
         FROM campaign_recipients WHERE campaign_id = $1 AND clicked_at IS NOT NULL
       ) firsts
       WHERE hour >= 0 AND hour < $3
       GROUP BY kind, hour`,
      [campaignId, since, hours],
    ),

  links: (db: Db, campaignId: string, limit: number) =>
    db.query<{ url: string; clicks: number; people: number }>(
      `SELECT url, count(*)::int AS clicks, count(DISTINCT contact_id)::int AS people
       FROM campaign_clicks WHERE campaign_id = $1
       GROUP BY url ORDER BY clicks DESC, url LIMIT $2`,
      [campaignId, limit],
    ),

  async totals(db: Db, campaignId: string): Promise<Omit<CampaignReport, 'sent' | 'notOpened'>> {
    const row = await db.maybeOne<Record<(typeof tallies)[Tally]['total'], number>>(
      `SELECT delivered, bounced, opened, machine_opened, clicked, unsubscribed, complained
       FROM campaign_totals WHERE campaign_id = $1`,
      [campaignId],
    );
    return {
      delivered: row?.delivered ?? 0,
      bounced: row?.bounced ?? 0,
      opened: row?.opened ?? 0,
      machineOpened: row?.machine_opened ?? 0,
      clicked: row?.clicked ?? 0,
      unsubscribed: row?.unsubscribed ?? 0,
      complained: row?.complained ?? 0,
    };
  },

  /**
   * The contacts among a report type's recipients of the campaign, as a condition over `contacts`
   * (its parameter pushed after the others): the Contact Book's filter and its exports.
   */
  recipientsCondition: (campaignId: string, type: CampaignReportType) => (params: unknown[]) => {
    params.push(campaignId);
    return `EXISTS (SELECT 1 FROM campaign_recipients r
             WHERE r.campaign_id = $${params.length}::bigint AND r.contact_id = contacts.id AND ${reportWhere[type].where})`;
  },

  /** One page of a report type's recipients, latest first, with how many there are. */
  async recipients(db: Db, campaignId: string, type: CampaignReportType, page: number, size: number) {
    const { where, at } = reportWhere[type];
    const [rows, counted] = await Promise.all([
      db.query<{ contact_id: string; email: string | null; name: string; at: string }>(
        `SELECT r.contact_id::text AS contact_id, c.email,
                concat_ws(' ', c.firstname, c.lastname) AS name, ${at} AS at
         FROM campaign_recipients r JOIN contacts c ON c.id = r.contact_id
         WHERE r.campaign_id = $1 AND ${where}
         ORDER BY ${at} DESC, r.contact_id DESC LIMIT $2 OFFSET $3`,
        [campaignId, size, (page - 1) * size],
      ),
      db.one<{ total: number }>(
        `SELECT count(*)::int AS total FROM campaign_recipients r WHERE r.campaign_id = $1 AND ${where}`,
        [campaignId],
      ),
    ]);
    return {
      items: rows.map((row) => ({
        contactId: row.contact_id,
        email: row.email,
        name: row.name,
        at: new Date(row.at).toISOString(),
      })),
      total: counted.total,
      page,
      size,
    };
  },
};
