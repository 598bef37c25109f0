import type { AbSettings, AbState, CampaignContent, CampaignStatus } from '@app/contract/marketing/campaigns';
import type { Db } from '../../db/db.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { type ClaimingProcess, claimFirstDue } from '../../db/token-lease.ts';

export interface CampaignRow {
  id: string;
  company_id: string;
  name: string;
  subject: string;
  preheader: string;
  sender_id: string | null;
  reply_to: string | null;
  category_id: string | null;
  content: CampaignContent | null;
  ab: AbSettings | null;
  ab_state: AbRunState | null;
  send_rate: number | null;
  voucher_list_id: string | null;
  frozen_versions: FrozenContent[] | null;
  labels: string[];
  segments: string[];
  excluded_labels: string[];
  excluded_segments: string[];
  status: CampaignStatus;
  scheduled_at: Date | null;
  frozen: FrozenContent | null;
  started_at: Date | null;
  /** As the database writes it (see AudienceCursor). */
  cursor_at: string | null;
  cursor_id: string | null;
  next_batch: number;
  picked_all: boolean;
  queued: number;
  error: string | null;
  /** The worker process holding the send (null for one claimed without a name). */
  claimed_by: string | null;
  sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** What a campaign sends, fixed when its send starts: every batch goes out the same. */
export interface FrozenContent {
  from: { email: string; name: string };
  replyTo?: string;
  subject: string;
  html: string;
  text?: string;
}

/** A draft's columns as the service sets them. */
/** Where a sent A/B test stands, as the worker keeps it: the state the API shows, and the test's threshold. */
export interface AbRunState {
  phase: AbState['phase'];
  /** The test share: the audience's contacts whose sample hash is at most this (a bigint's text). */
  threshold: string;
  testEndsAt: string | null;
  winner: number | null;
  pickedBy: AbState['pickedBy'];
}

export interface CampaignDraft {
  name: string;
  subject: string;
  preheader: string;
  senderId: string | null;
  replyTo: string | null;
  categoryId: string | null;
  content: CampaignContent | null;
  labels: readonly string[];
  segments: readonly string[];
  excludedLabels: readonly string[];
  excludedSegments: readonly string[];
  ab: AbSettings | null;
  sendRate: number | null;
  voucherListId: string | null;
}

const columns = `id::text AS id, company_id, name, subject, preheader, sender_id::text AS sender_id, reply_to,
  category_id::text AS category_id, content, ab, ab_state, frozen_versions, send_rate, voucher_list_id::text AS voucher_list_id, labels::text[] AS labels, segments::text[] AS segments, excluded_labels::text[] AS excluded_labels,
  excluded_segments::text[] AS excluded_segments, status, scheduled_at, frozen, started_at, cursor_at::text AS cursor_at,
  cursor_id::text AS cursor_id, next_batch, picked_all, queued, error, claimed_by, sent_at, created_at, updated_at`;

/** A list's columns: none of the contents (up to 2 MB each: the draft's, its versions', what is sent). */
const listColumns = columns
  .replace(
    'content, ab, ab_state, frozen_versions,',
    'NULL::jsonb AS content, NULL::jsonb AS ab, ab_state, NULL::jsonb AS frozen_versions,',
  )
  .replace('frozen,', 'NULL::jsonb AS frozen,');

const draftValues = (draft: CampaignDraft) => [
  draft.name,
  draft.subject,
  draft.preheader,
  draft.senderId,
  draft.replyTo,
  draft.content === null ? null : JSON.stringify(draft.content),
  draft.labels,
  draft.segments,
  draft.excludedLabels,
  draft.excludedSegments,
  draft.categoryId,
  draft.ab === null ? null : JSON.stringify(draft.ab),
  draft.sendRate,
  draft.voucherListId,
];

/**
 * The campaign tables: every statement of the routes scoped by the company; the worker's (from `claimDue`
 * on) by the id of the campaign it claimed.
 */
export const campaignStore = {
  insert: (db: Db, companyId: string, draft: CampaignDraft, now: Date) =>
    db.one<CampaignRow>(
      `INSERT INTO campaigns (company_id, name, subject, preheader, sender_id, reply_to, content, labels, segments,
         excluded_labels, excluded_segments, category_id, ab, send_rate, voucher_list_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[], $12, $13::jsonb, $14, $15, $16, $16)
       RETURNING ${columns}`,
      [companyId, ...draftValues(draft), now],
    ),

  get: (db: Db, companyId: string, id: string) =>
    db.maybeOne<CampaignRow>(`SELECT ${columns} FROM campaigns WHERE company_id = $1 AND id = $2`, [
      companyId,
      id,
    ]),

  /** The campaign a reader's signed link names, whichever company's it is (the link is its proof). */
  ofReader: (db: Db, id: string) =>
    db.maybeOne<CampaignRow>(`SELECT ${columns} FROM campaigns WHERE id = $1`, [id]),

  async page(
    db: Db,
    companyId: string,
    query: {
      page: number;
      size: number;
      search?: string | undefined;
      status?: string[] | undefined;
      category?: string | undefined;
    },
    /** A/B tests (§7 /ab-test) or plain campaigns (/email-marketing). */
    kind: 'campaign' | 'ab',
  ) {
    const params: unknown[] = [companyId];
    const conditions = ['company_id = $1', kind === 'ab' ? 'ab IS NOT NULL' : 'ab IS NULL'];
    if (query.search) {
      params.push(containsPattern(query.search));
      conditions.push(`(name ILIKE $${params.length} OR subject ILIKE $${params.length})`);
    }
    if (query.status && query.status.length > 0) {
      params.push(query.status);
      conditions.push(`status = ANY($${params.length}::text[])`);
    }
    if (query.category !== undefined) {
      params.push(query.category);
      conditions.push(`category_id = $${params.length}::bigint`);
    }
    const where = conditions.join(' AND ');
    const [rows, total] = await Promise.all([
      db.query<CampaignRow>(
        `SELECT ${listColumns} FROM campaigns WHERE ${where} ORDER BY created_at DESC, id DESC
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.size, (query.page - 1) * query.size],
      ),
      db.one<{ count: number }>(`SELECT count(*)::int AS count FROM campaigns WHERE ${where}`, params),
    ]);
    return { rows, total: total.count };
  },

  /** Changes a draft (undefined when there is no draft of the company with the id). */
  update: (db: Db, companyId: string, id: string, draft: CampaignDraft, now: Date) =>
    db.maybeOne<CampaignRow>(
      `UPDATE campaigns SET name = $3, subject = $4, preheader = $5, sender_id = $6, reply_to = $7,
         content = $8::jsonb, labels = $9::bigint[], segments = $10::bigint[], excluded_labels = $11::bigint[],
         excluded_segments = $12::bigint[], category_id = $13, ab = $14::jsonb, send_rate = $15, voucher_list_id = $16, updated_at = $17
       WHERE company_id = $1 AND id = $2 AND status = 'DRAFT'
       RETURNING ${columns}`,
      [companyId, id, ...draftValues(draft), now],
    ),

  /** Deletes a campaign that is not going out (true when one was deleted). */
  remove: async (db: Db, companyId: string, id: string) =>
    (
      await db.query(
        `DELETE FROM campaigns WHERE company_id = $1 AND id = $2 AND status <> 'SENDING' RETURNING id`,
        [companyId, id],
      )
    ).length > 0,

  /**
   * Moves the campaign from one of `from` to `to` (undefined when it was in none of them); a send
   * starting now or later keeps `scheduledAt`. A worker's claim goes (a paused send's worker stops at
   * its next batch; a resumed one is taken up at once), and so does the last error when it resumes.
   */
  move: (
    db: Db,
    companyId: string,
    id: string,
    change: { from: readonly CampaignStatus[]; to: CampaignStatus; scheduledAt?: Date | null; now: Date },
  ) =>
    db.maybeOne<CampaignRow>(
      `UPDATE campaigns SET status = $4, updated_at = $5, claimed_until = NULL, claimed_by = NULL,
         error = CASE WHEN $4 = 'SENDING' THEN NULL ELSE error END,
         scheduled_at = CASE WHEN $6 THEN $7::timestamptz ELSE scheduled_at END
       WHERE company_id = $1 AND id = $2 AND status = ANY($3::text[])
       RETURNING ${columns}`,
      [
        companyId,
        id,
        change.from,
        change.to,
        change.now,
        change.scheduledAt !== undefined,
        change.scheduledAt ?? null,
      ],
    ),

  /**
   * Claims a send that no live worker holds: one going out (its claim lapsed or its holder is dead),
   * or one scheduled whose time has come, which becomes SENDING.
   */
  claimDue: (db: Db, now: Date, until: Date, by?: ClaimingProcess) =>
    claimFirstDue<CampaignRow>(
      db,
      {
        table: 'campaigns',
        set: `claimed_until = $2, claimed_by = $3, status = 'SENDING', updated_at = $1`,
        due: `(status IN ('SENDING', 'SCHEDULED') AND (scheduled_at IS NULL OR scheduled_at <= $1))
          AND (claimed_until IS NULL OR claimed_until < $1 OR claimed_by = ANY($4::text[]))`,
        orderBy: 'scheduled_at NULLS FIRST, id',
        returning: columns,
      },
      [now, until, by?.holder ?? null, by?.deadHolders ?? []],
    ),

  /**
   * Fixes what the send sends and where its walk starts: before (now, the largest id), so every contact
   * created until now; once (false when it was fixed already).
   */
  start: async (
    db: Db,
    id: string,
    frozen: FrozenContent,
    at: Date,
    ab?: { versions: FrozenContent[]; state: AbRunState },
  ) =>
    (
      await db.query(
        `UPDATE campaigns SET frozen = $2::jsonb, started_at = $3, cursor_at = $3, cursor_id = 9223372036854775807,
           frozen_versions = $4::jsonb, ab_state = $5::jsonb, updated_at = $3
         WHERE id = $1 AND frozen IS NULL RETURNING id`,
        [
          id,
          JSON.stringify(frozen),
          at,
          ab ? JSON.stringify(ab.versions) : null,
          ab ? JSON.stringify(ab.state) : null,
        ],
      )
    ).length > 0,

  /**
   * The test has gone out: the send waits for the winner until `testEndsAt` (SCHEDULED), its walk back
   * at the start for the rest of the audience; the claim is let go.
   */
  awaitWinner: (db: Db, id: string, state: AbRunState, now: Date) =>
    db.query(
      `UPDATE campaigns SET status = 'SCHEDULED', scheduled_at = $2, ab_state = $3::jsonb,
         cursor_at = started_at, cursor_id = 9223372036854775807, picked_all = false,
         claimed_until = NULL, claimed_by = NULL, updated_at = $4
       WHERE id = $1 AND status = 'SENDING'`,
      [id, state.testEndsAt, JSON.stringify(state), now],
    ),

  /** §4 pick winner: while the test waits, the winner by hand, sent to the rest now (false: not waiting). */
  pickWinner: async (db: Db, companyId: string, id: string, state: AbRunState, now: Date) =>
    (
      await db.query(
        `UPDATE campaigns SET ab_state = $3::jsonb, scheduled_at = $4, updated_at = $4
         WHERE company_id = $1 AND id = $2 AND status = 'SCHEDULED' AND ab_state->>'phase' = 'waiting'
         RETURNING id`,
        [companyId, id, JSON.stringify(state), now],
      )
    ).length > 0,

  /** The A/B version the contact got in the campaign's test (null: none, or not a test's recipient). */
  versionOf: async (db: Db, campaignId: string, contactId: string) =>
    (
      await db.maybeOne<{ version: number | null }>(
        'SELECT version FROM campaign_recipients WHERE campaign_id = $1 AND contact_id = $2',
        [campaignId, contactId],
      )
    )?.version ?? null,

  /** The contacts the company's campaigns have had the engine take since `since` (the plan's marketingEmailLimit). */
  marketingSentSince: async (db: Db, companyId: string, since: Date) =>
    (
      await db.one<{ sent: number }>(
        `SELECT COALESCE(sum(b.recipients), 0)::int AS sent FROM campaign_batches b
         JOIN campaigns c ON c.id = b.campaign_id
         WHERE c.company_id = $1 AND b.state = 'accepted' AND b.accepted_at >= $2`,
        [companyId, since],
      )
    ).sent,

  /** The company's A/B tests sent or scheduled to go out since `since` (the plan's monthly abTestEmailLimit). */
  abTestsSince: async (db: Db, companyId: string, since: Date) =>
    (
      await db.one<{ count: number }>(
        `SELECT count(*)::int AS count FROM campaigns
         WHERE company_id = $1 AND ab IS NOT NULL AND status <> 'DRAFT'
           AND COALESCE(started_at, scheduled_at, updated_at) >= $2`,
        [companyId, since],
      )
    ).count,

  /**
   * A send with a rate has sent this minute's share: it rests until `until`, its claim let go (a
   * worker takes it up again then, where it stands).
   */
  rest: (db: Db, id: string, until: Date, now: Date) =>
    db.query(
      `UPDATE campaigns SET scheduled_at = $2, claimed_until = NULL, claimed_by = NULL, updated_at = $3
       WHERE id = $1 AND status = 'SENDING'`,
      [id, until, now],
    ),

  /** The A/B state as the worker moves it. */
  setAbState: (db: Db, id: string, state: AbRunState, now: Date) =>
    db.query('UPDATE campaigns SET ab_state = $2::jsonb, updated_at = $3 WHERE id = $1', [
      id,
      JSON.stringify(state),
      now,
    ]),

  /** Each version's test recipients and what they did (opens by people only). */
  versionTotals: (db: Db, id: string) =>
    db.query<{ version: number; sent: number; delivered: number; opened: number; clicked: number }>(
      `SELECT version, count(*)::int AS sent, count(delivered_at)::int AS delivered,
         count(opened_at)::int AS opened, count(clicked_at)::int AS clicked
       FROM campaign_recipients WHERE campaign_id = $1 AND version IS NOT NULL
       GROUP BY version ORDER BY version`,
      [id],
    ),

  /**
   * The campaign's row locked until `tx` ends, as a batch sees it: the batch goes on only while the
   * send is this worker's, going out, and where the worker left it.
   */
  position: (tx: Db, id: string) =>
    tx.maybeOne<{ status: CampaignStatus; next_batch: number; claimed_by: string | null }>(
      'SELECT status, next_batch, claimed_by FROM campaigns WHERE id = $1 FOR UPDATE',
      [id],
    ),

  /** Where the campaign is now (undefined once deleted). */
  statusOf: async (db: Db, id: string) =>
    (await db.maybeOne<{ status: CampaignStatus }>('SELECT status FROM campaigns WHERE id = $1', [id]))
      ?.status,

  /**
   * Records batch `batch` (its contacts, pending) and moves the walk past it, in the transaction `tx` that
   * holds the campaign's row ({@link position}): recipients have no foreign key (migration 061), and a
   * deletion waits for this transaction, then takes them along.
   */
  async recordBatch(
    tx: Db,
    id: string,
    batch: {
      number: number;
      contactIds: readonly string[];
      /** Each contact's A/B version (null for a plain campaign's and the winner's). */
      versions: readonly (number | null)[];
      cursor: { at: string; id: string } | null;
    },
    claim: { until: Date; now: Date },
  ) {
    if (batch.contactIds.length > 0) {
      await tx.query(
        `INSERT INTO campaign_recipients (campaign_id, contact_id, batch, version)
         SELECT $1, contact_id, $2, version FROM unnest($3::bigint[], $4::smallint[]) AS r (contact_id, version)`,
        [id, batch.number, batch.contactIds, batch.versions],
      );
      await tx.query(
        `INSERT INTO campaign_batches (campaign_id, batch, state, recipients) VALUES ($1, $2, 'pending', $3)`,
        [id, batch.number, batch.contactIds.length],
      );
    }
    await tx.query(
      `UPDATE campaigns SET next_batch = next_batch + 1, picked_all = $3,
         cursor_at = COALESCE($4::timestamptz, cursor_at), cursor_id = COALESCE($5::bigint, cursor_id),
         claimed_until = $6, updated_at = $7
       WHERE id = $1 AND next_batch = $2`,
      [
        id,
        batch.number,
        batch.cursor === null,
        batch.cursor?.at ?? null,
        batch.cursor?.id ?? null,
        claim.until,
        claim.now,
      ],
    );
  },

  /** The batches picked and not yet accepted by the engine, with their contacts. */
  pendingBatches: (db: Db, id: string) =>
    db.query<{ batch: number; contact_ids: string[]; versions: (number | null)[] }>(
      `SELECT b.batch, array_agg(r.contact_id::text ORDER BY r.contact_id) AS contact_ids,
         array_agg(r.version ORDER BY r.contact_id) AS versions
       FROM campaign_batches b JOIN campaign_recipients r ON r.campaign_id = b.campaign_id AND r.batch = b.batch
       WHERE b.campaign_id = $1 AND b.state = 'pending'
       GROUP BY b.batch ORDER BY b.batch`,
      [id],
    ),

  /** The engine accepted the batch: its transmission is noted and the campaign counts its recipients. */
  async acceptBatch(tx: Db, id: string, batch: number, transmissionId: string, queued: number, now: Date) {
    const accepted = await tx.query(
      `UPDATE campaign_batches SET state = 'accepted', transmission_id = $3, accepted_at = $4
       WHERE campaign_id = $1 AND batch = $2 AND state = 'pending' RETURNING batch`,
      [id, batch, transmissionId, now],
    );
    if (accepted.length > 0) {
      await tx.query('UPDATE campaigns SET queued = queued + $2, updated_at = $3 WHERE id = $1', [
        id,
        queued,
        now,
      ]);
    }
  },

  /** Ends the send: SENT once all is queued, FAILED or PAUSED with why; the claim is let go. */
  finish: (db: Db, id: string, end: { status: CampaignStatus; error: string | null; now: Date }) =>
    db.query(
      `UPDATE campaigns SET status = $2, error = $3, claimed_until = NULL, claimed_by = NULL, updated_at = $4,
         sent_at = CASE WHEN $2 = 'SENT' THEN $4 ELSE sent_at END
       WHERE id = $1 AND status = 'SENDING'`,
      [id, end.status, end.error, end.now],
    ),
};

/** What Home shows of the company's campaigns (dashboard-service.ts). */
export const campaignSummaryStore = {
  /** Campaigns started since `since`, with the recipients they queued and their report's totals. */
  totalsSince: (db: Db, companyId: string, since: Date) =>
    db.one<{ sent: number; recipients: number; delivered: number; opened: number; clicked: number }>(
      `SELECT count(*)::int AS sent, coalesce(sum(c.queued), 0)::int AS recipients,
              coalesce(sum(t.delivered), 0)::int AS delivered, coalesce(sum(t.opened), 0)::int AS opened,
              coalesce(sum(t.clicked), 0)::int AS clicked
       FROM campaigns c LEFT JOIN campaign_totals t ON t.campaign_id = c.id
       WHERE c.company_id = $1 AND c.started_at >= $2`,
      [companyId, since],
    ),

  /** The latest sent campaigns, with their opens and clicks. */
  recentlySent: (db: Db, companyId: string, limit: number) =>
    db.query<{ id: string; name: string; sent_at: Date; queued: number; opened: number; clicked: number }>(
      `SELECT c.id::text AS id, c.name, c.sent_at, c.queued,
              coalesce(t.opened, 0) AS opened, coalesce(t.clicked, 0) AS clicked
       FROM campaigns c LEFT JOIN campaign_totals t ON t.campaign_id = c.id
       WHERE c.company_id = $1 AND c.status = 'SENT' ORDER BY c.sent_at DESC, c.id DESC LIMIT $2`,
      [companyId, limit],
    ),

  /** The next scheduled campaigns, soonest first. */
  scheduled: (db: Db, companyId: string, limit: number) =>
    db.query<{ id: string; name: string; scheduled_at: Date }>(
      `SELECT id::text AS id, name, scheduled_at FROM campaigns
       WHERE company_id = $1 AND status = 'SCHEDULED' ORDER BY scheduled_at, id LIMIT $2`,
      [companyId, limit],
    ),

  /**
   * The hour of the day (`offsetMinutes` east of UTC) with the most first opens by people among the
   * recipients of campaigns started since `since`.
   */
  peakOpenHour: (db: Db, companyId: string, since: Date, offsetMinutes: number) =>
    db.maybeOne<{ hour: number; opens: number }>(
      `SELECT extract(hour FROM (r.opened_at AT TIME ZONE 'UTC') + make_interval(mins => $3))::int AS hour,
              count(*)::int AS opens
       FROM campaigns c JOIN campaign_recipients r ON r.campaign_id = c.id
       WHERE c.company_id = $1 AND c.started_at >= $2 AND r.opened_at IS NOT NULL
       GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
      [companyId, since, offsetMinutes],
    ),
};
