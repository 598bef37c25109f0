import { domainOf } from '@app/contract/engine/email-address';
import { type Db, pipelined } from '../../db/db.ts';
import { deleteInSlices } from '../../db/delete-in-slices.ts';
import { likeLiteral } from '../../db/like-pattern.ts';
import { analyzeWhenGrown } from '../../db/table-statistics.ts';
import type { MessageEventType, NewMessageEvent } from './message-event.ts';
import { cursorTime, whereBuilder } from './paging.ts';

/** A stored event: what was written, its id and the domains derived on insert (also what `onInsert` listeners get). */
export interface StoredMessageEvent extends NewMessageEvent {
  id: string;
  recipientDomain: string;
  sendingDomain: string;
}

/** A value list of a filter: exact values, and `*` wildcard patterns where the filter allows them. */
export interface MatchList {
  exact: string[];
  /** LIKE patterns (already escaped, `%` for `*`). */
  like: string[];
}

export interface EventFilter {
  companyId: string;
  /** Only this subaccount's events; all of the company's when undefined (the master). */
  subaccountId?: number;
  from: Date;
  to: Date;
  events?: string[];
  /** Lower-cased. */
  recipients?: string[];
  /** Lower-cased. */
  fromAddresses?: string[];
  recipientDomains?: MatchList;
  sendingDomains?: MatchList;
  subjects?: MatchList;
  campaigns?: MatchList;
  templates?: MatchList;
  ipPools?: MatchList;
  /** Matched against the events' stored fields (sending_ip, mailbox_provider...), which may be empty. */
  sendingIps?: string[];
  mailboxProviders?: MatchList;
  mailboxProviderRegions?: MatchList;
  abTests?: MatchList;
  /** Version numbers as text, without leading zeros. */
  abTestVersions?: string[];
  bounceClasses?: number[];
  /** Case-insensitive substrings. */
  reasons?: string[];
  transmissions?: string[];
  messages?: string[];
  subaccounts?: number[];
  eventIds?: string[];
  /** The recipients' types (`to`, `cc`, `bcc`: the stored rcpt_type); the console's recipientType. */
  rcptTypes?: string[];
}

/** Sort key of the last event of a page: timestamp (microseconds, UTC) and id. */
export type EventKey = readonly [string, string];

export interface EventPage {
  events: StoredMessageEvent[];
  total: number;
  next?: EventKey;
}

export type EventStore = ReturnType<typeof createEventStore>;

/** A company's data older than `before` is past its retention. */
export interface RetentionCutoff {
  companyId: string;
  before: Date;
}

/**
 * Runs in the writer's transaction after each insert, so what it derives (metric rollups, webhook
 * deliveries to make) commits or rolls back with the events themselves.
 */
/** An open or click a person made, on mail the company's master account sent. */
export interface Engagement {
  companyId: string;
  /** Lower-cased. */
  address: string;
  kind: 'open' | 'click';
  at: Date;
}

/** What happened to one recipient of a campaign's mail, as a campaign report counts it. */
export interface CampaignEvent {
  companyId: string;
  /** The engine's campaign id ("campaign-42"). */
  campaignId: string;
  /** Lower-cased. */
  address: string;
  kind: 'delivered' | 'bounced' | 'opened' | 'clicked' | 'unsubscribed' | 'complained';
  /** An open a mail client or a scanner made (the engine's `prefetched`), not a person. */
  machine: boolean;
  at: Date;
  /** The event's own id (a click is counted once by it). */
  eventId: string;
  /** The link a click followed; null for other kinds. */
  url: string | null;
}

export type InsertListener = (tx: Db, events: readonly StoredMessageEvent[]) => Promise<void>;

interface EventRow {
  id: string;
  company_id: string;
  subaccount_id: string;
  type: MessageEventType;
  ts: Date;
  ts_key: string;
  message_id: string | null;
  transmission_id: string | null;
  campaign_id: string;
  template_id: string | null;
  rcpt_to: string;
  recipient_domain: string;
  friendly_from: string;
  sending_domain: string;
  subject: string;
  ip_pool: string;
  bounce_class: number | null;
  reason: string;
  body: Record<string, unknown>;
}

const toEvent = (row: EventRow): StoredMessageEvent => ({
  id: row.id,
  companyId: row.company_id,
  subaccountId: Number(row.subaccount_id),
  type: row.type,
  timestamp: row.ts,
  messageId: row.message_id,
  transmissionId: row.transmission_id,
  campaignId: row.campaign_id,
  templateId: row.template_id,
  rcptTo: row.rcpt_to,
  recipientDomain: row.recipient_domain,
  friendlyFrom: row.friendly_from,
  sendingDomain: row.sending_domain,
  subject: row.subject,
  ipPool: row.ip_pool,
  bounceClass: row.bounce_class,
  reason: row.reason,
  fields: row.body,
});

/** Columns written by insert, with their types for json_to_recordset. */
const insertColumns = {
  company_id: 'uuid',
  subaccount_id: 'bigint',
  type: 'text',
  ts: 'timestamptz',
  message_id: 'uuid',
  transmission_id: 'bigint',
  campaign_id: 'text',
  template_id: 'text',
  rcpt_to: 'text',
  recipient_domain: 'text',
  friendly_from: 'text',
  sending_domain: 'text',
  subject: 'text',
  ip_pool: 'text',
  bounce_class: 'integer',
  reason: 'text',
  body: 'jsonb',
} as const;

const columnNames = Object.keys(insertColumns).join(', ');
const recordType = Object.entries(insertColumns)
  .map(([name, type]) => `${name} ${type}`)
  .join(', ');

/**
 * total_count counts at most this many matches: counting every match of a month of a large sender
 * (millions) would take seconds; a page, and paging by cursor, never needs more than the next key.
 */
export const totalCountCap = 10_000;

/**
 * `reasons` (a case-insensitive substring, which no btree index serves) is looked for among the
 * window's newest 5,000 events that have a reason (bounces, delays, out-of-band: a few percent of
 * all), so its cost stays flat however many the window holds; a narrower from/to reaches older ones.
 */
export const reasonScanRows = 5000;

/**
 * Rows go to the database as one JSON parameter: one string to pass instead of 17 values a row
 * (PGlite's per-parameter cost dominated the batch insert; measured 1.5x faster).
 */
const rowsPerInsert = 5000;

/** `Name <a@b.example>` or `a@b.example` → the address. */
function bareAddress(from: string): string {
  const angle = /<([^<>]*)>\s*$/.exec(from);
  return (angle?.[1] ?? from).trim();
}

function insertRow(event: NewMessageEvent): Record<keyof typeof insertColumns, unknown> {
  const rcptTo = event.rcptTo.trim().toLowerCase();
  return {
    company_id: event.companyId,
    subaccount_id: event.subaccountId,
    type: event.type,
    ts: event.timestamp,
    message_id: event.messageId,
    transmission_id: event.transmissionId,
    campaign_id: event.campaignId,
    template_id: event.templateId,
    rcpt_to: rcptTo,
    recipient_domain: domainOf(rcptTo),
    friendly_from: event.friendlyFrom,
    sending_domain: domainOf(bareAddress(event.friendlyFrom)),
    subject: event.subject,
    ip_pool: event.ipPool,
    bounce_class: event.bounceClass,
    reason: event.reason,
    body: event.fields,
  };
}

type Where = ReturnType<typeof whereBuilder>;

/**
 * `column` equal to one of `values`. A single value is compared with `=`: an index on
 * (company_id, column, ts DESC, id DESC) then yields the rows in page order (`= ANY` cannot).
 */
function anyOf(where: Where, column: string, values: readonly unknown[], type: string): string {
  return values.length === 1
    ? `${column} = ${where.param(values[0])}::${type}`
    : `${column} = ANY(${where.param(values)}::${type}[])`;
}

/** `column` may be an expression on the stored fields, such as `(body->>'ab_test_id')`. */
function matchAny(where: Where, column: string, list: MatchList): void {
  const alternatives: string[] = [];
  if (list.exact.length > 0) alternatives.push(anyOf(where, column, list.exact, 'text'));
  for (const pattern of list.like) alternatives.push(`${column} LIKE ${where.param(pattern)} ESCAPE '\\'`);
  where.and(`(${alternatives.join(' OR ')})`);
}

function whereOf(filter: EventFilter) {
  const where = whereBuilder();
  where.and(`company_id = ${where.param(filter.companyId)}`);
  where.and(`ts >= ${where.param(filter.from)}`);
  where.and(`ts < ${where.param(filter.to)}`);
  if (filter.subaccountId !== undefined) where.and(`subaccount_id = ${where.param(filter.subaccountId)}`);
  const scope = where.sql();
  /** Common table expressions the conditions refer to (computed once for the page and the count). */
  const ctes: string[] = [];
  if (filter.subaccounts) where.and(anyOf(where, 'subaccount_id', filter.subaccounts, 'bigint'));
  if (filter.events) where.and(anyOf(where, 'type', filter.events, 'text'));
  if (filter.recipients) where.and(anyOf(where, 'rcpt_to', filter.recipients, 'text'));
  if (filter.fromAddresses) where.and(anyOf(where, 'lower(friendly_from)', filter.fromAddresses, 'text'));
  if (filter.recipientDomains) matchAny(where, 'recipient_domain', filter.recipientDomains);
  if (filter.sendingDomains) matchAny(where, 'sending_domain', filter.sendingDomains);
  if (filter.subjects) matchAny(where, 'subject', filter.subjects);
  if (filter.campaigns) matchAny(where, 'campaign_id', filter.campaigns);
  if (filter.templates) matchAny(where, 'template_id', filter.templates);
  if (filter.ipPools) matchAny(where, 'ip_pool', filter.ipPools);
  if (filter.sendingIps) where.and(`body->>'sending_ip' = ANY(${where.param(filter.sendingIps)}::text[])`);
  if (filter.mailboxProviders) matchAny(where, "(body->>'mailbox_provider')", filter.mailboxProviders);
  if (filter.mailboxProviderRegions) {
    matchAny(where, "(body->>'mailbox_provider_region')", filter.mailboxProviderRegions);
  }
  if (filter.abTests) matchAny(where, "(body->>'ab_test_id')", filter.abTests);
  if (filter.abTestVersions) {
    where.and(`body->>'ab_test_version' = ANY(${where.param(filter.abTestVersions)}::text[])`);
  }
  if (filter.bounceClasses) where.and(anyOf(where, 'bounce_class', filter.bounceClasses, 'int'));
  if (filter.reasons) {
    const patterns = filter.reasons.map(
      (reason) => `reason ILIKE ${where.param(`%${likeLiteral(reason)}%`)} ESCAPE '\\'`,
    );
    // Implies the partial index's predicate: only events with a reason are scanned, and only the
    // newest reasonScanRows of them (the time of the last one bounds the scan).
    where.and(`reason <> '' AND (${patterns.join(' OR ')})`);
    ctes.push(`reason_bound AS MATERIALIZED (
      SELECT ts FROM message_events WHERE ${scope} AND reason <> ''
      ORDER BY ts DESC, id DESC OFFSET ${where.param(reasonScanRows - 1)} LIMIT 1)`);
    where.and(`ts >= COALESCE((SELECT ts FROM reason_bound), '-infinity')`);
  }
  if (filter.transmissions) where.and(anyOf(where, 'transmission_id', filter.transmissions, 'bigint'));
  if (filter.messages) where.and(`message_id = ANY(${where.param(filter.messages)}::uuid[])`);
  if (filter.eventIds) where.and(`id = ANY(${where.param(filter.eventIds)}::bigint[])`);
  if (filter.rcptTypes) where.and(anyOf(where, "(body->>'rcpt_type')", filter.rcptTypes, 'text'));
  return { where, ctes };
}

/** Each company's retention cutoff before `now`: what is older is past `event_retention_days`. */
async function retentionCutoffs(target: Db, now: Date): Promise<RetentionCutoff[]> {
  const companies = await target.query<{ id: string; days: number }>(
    'SELECT id, event_retention_days AS days FROM companies',
  );
  return companies.map((company) => ({
    companyId: company.id,
    before: new Date(now.getTime() - company.days * 86_400_000),
  }));
}

/** Message events: written in batches by the engine, searched newest first by the Events API. */
export function createEventStore(db: Db) {
  const listeners: InsertListener[] = [];
  /** Where a read of event ids after `afterId`, at most `window` ids on, ends: the newest id when nearer. */
  async function idWindowEnd(afterId: string, window: number): Promise<string> {
    const { top } = await db.one<{ top: string }>(
      'SELECT coalesce(max(id), 0)::text AS top FROM message_events',
    );
    return BigInt(top) < BigInt(afterId) + BigInt(window) ? top : String(BigInt(afterId) + BigInt(window));
  }

  return {
    /** Adds a listener that sees every later insert, inside its transaction. */
    onInsert(listener: InsertListener): void {
      listeners.push(listener);
    },

    /**
     * Writes `events` with one INSERT per 5000. Uses only `tx` (the caller's transaction).
     * recipient_domain comes from rcptTo (lower-cased), sending_domain from friendlyFrom's address.
     */
    async insert(tx: Db, events: readonly NewMessageEvent[]): Promise<void> {
      for (let start = 0; start < events.length; start += rowsPerInsert) {
        const slice = events.slice(start, start + rowsPerInsert);
        const rows = slice.map(insertRow);
        const ids = await tx.query<{ id: string }>(
          `INSERT INTO message_events (${columnNames})
           SELECT ${columnNames} FROM json_to_recordset($1::json) AS r(${recordType})
           RETURNING id::text AS id`,
          [JSON.stringify(rows)],
        );
        if (listeners.length === 0) continue;
        // Identity values are taken in the order the rows are inserted, which is the array's.
        const ordered = ids.map((row) => BigInt(row.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const inserted = slice.map((event, index) => ({
          ...event,
          id: String(ordered[index]),
          recipientDomain: rows[index]?.recipient_domain as string,
          sendingDomain: rows[index]?.sending_domain as string,
        }));
        await pipelined(listeners.map((listener) => listener(tx, inserted)));
      }
    },

    /**
     * The opens and clicks people made (machine-made opens left out) among the events with ids in
     * (`afterId`, `afterId` + `window`], by id, and the highest id that range reached: a follower's
     * next start. Read by the primary key, so a range costs the same whatever the table holds.
     */
    async engagementAfter(afterId: string, window: number): Promise<{ events: Engagement[]; upTo: string }> {
      const upTo = await idWindowEnd(afterId, window);
      const events = await db.query<Engagement>(
        `SELECT company_id AS "companyId", lower(rcpt_to) AS address, ts AS at,
                CASE WHEN type IN ('click', 'amp_click') THEN 'click' ELSE 'open' END AS kind
         FROM message_events
         WHERE id > $1::bigint AND id <= $2::bigint AND subaccount_id = 0
           AND type IN ('open', 'initial_open', 'amp_open', 'amp_initial_open', 'click', 'amp_click')
           AND NOT coalesce((body->>'prefetched')::boolean, false)
         ORDER BY id`,
        [afterId, upTo],
      );
      return { events, upTo: BigInt(upTo) < BigInt(afterId) ? afterId : upTo };
    },

    /**
     * The events of marketing campaigns' mail (campaign ids "campaign-<number>": not their tests)
     * among the events after the id `afterId` (at most `window` ids on); `upTo` is where the next
     * read starts.
     */
    async campaignEventsAfter(
      afterId: string,
      window: number,
    ): Promise<{ events: CampaignEvent[]; upTo: string }> {
      const upTo = await idWindowEnd(afterId, window);
      const events = await db.query<CampaignEvent>(
        `SELECT company_id AS "companyId", campaign_id AS "campaignId", lower(rcpt_to) AS address, ts AS at,
                CASE
                  WHEN type = 'delivery' THEN 'delivered'
                  WHEN type IN ('bounce', 'out_of_band') THEN 'bounced'
                  WHEN type IN ('click', 'amp_click') THEN 'clicked'
                  WHEN type IN ('list_unsubscribe', 'link_unsubscribe') THEN 'unsubscribed'
                  WHEN type = 'spam_complaint' THEN 'complained'
                  ELSE 'opened'
                END AS kind,
                coalesce((body->>'prefetched')::boolean, false) AS machine,
                id::text AS "eventId", body->>'target_link_url' AS url
         FROM message_events
         WHERE id > $1::bigint AND id <= $2::bigint AND subaccount_id = 0
           AND campaign_id ~ '^campaign-[0-9]+$'
           AND type IN ('delivery', 'bounce', 'out_of_band', 'open', 'initial_open', 'amp_open',
                        'amp_initial_open', 'click', 'amp_click', 'list_unsubscribe', 'link_unsubscribe',
                        'spam_complaint')
         ORDER BY id`,
        [afterId, upTo],
      );
      return { events, upTo: BigInt(upTo) < BigInt(afterId) ? afterId : upTo };
    },

    /**
     * One page, newest first (timestamp then id), after the key `after`; total counts the matches up
     * to {@link totalCountCap} (that number when there are more).
     */
    async search(filter: EventFilter, perPage: number, after?: EventKey): Promise<EventPage> {
      const { where, ctes } = whereOf(filter);
      const matching = where.sql();
      const cap = where.param(totalCountCap);
      if (after) {
        where.and(`(ts, id) < (${where.param(after[0])}::timestamptz, ${where.param(after[1])}::bigint)`);
      }
      // One statement, so the page and its total read the same events while new ones are written.
      const rows = await db.query<EventRow & { total: number; ord: number | null }>(
        `WITH ${ctes.map((cte) => `${cte}, `).join('')}matched AS (
           SELECT count(*)::int AS total FROM (SELECT 1 FROM message_events WHERE ${matching} LIMIT ${cap}) AS m
         )
         SELECT matched.total, page.* FROM matched LEFT JOIN LATERAL (
           SELECT id::text AS id, company_id, subaccount_id, type, ts, ${cursorTime('ts')} AS ts_key, message_id,
             transmission_id::text AS transmission_id,
             campaign_id, template_id, rcpt_to, recipient_domain, friendly_from, sending_domain, subject, ip_pool,
             bounce_class, reason, body,
             row_number() OVER (ORDER BY message_events.ts DESC, message_events.id DESC) AS ord
           FROM message_events WHERE ${where.sql()}
           ORDER BY message_events.ts DESC, message_events.id DESC LIMIT ${where.param(perPage + 1)}
         ) page ON true
         ORDER BY page.ord`,
        where.params,
      );
      const total = rows[0]?.total ?? 0;
      const found = rows.filter((row) => row.ord !== null);
      const page = found.slice(0, perPage);
      const last = page.at(-1);
      return {
        events: page.map(toEvent),
        total,
        ...(found.length > perPage && last ? { next: [last.ts_key, last.id] as const } : {}),
      };
    },

    retentionCutoffs,

    /** Fresh planner statistics once the events have grown by a tenth (see {@link analyzeWhenGrown}). */
    refreshStatistics: (target: Db) => analyzeWhenGrown(target, 'message_events'),

    /**
     * Deletes the events older than each company's `event_retention_days` before `now`; returns how
     * many. Per company on the (company_id, ts) index, in slices of 5,000 rows (no long lock).
     */
    async purgeExpired(target: Db, now: Date): Promise<number> {
      let purged = 0;
      for (const { companyId, before } of await retentionCutoffs(target, now)) {
        purged += await deleteInSlices(target, 'message_events', 'id', 'company_id = $1 AND ts < $2', [
          companyId,
          before,
        ]);
      }
      return purged;
    },
  };
}
