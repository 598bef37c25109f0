import type { FormAnswer, FormBody, FormComponent, FormSettings } from '@app/contract/marketing/forms';
import type { Db } from '../../db/db.ts';
import { containsPattern } from '../../db/like-pattern.ts';

export interface FormRow {
  id: string;
  company_id: string;
  name: string;
  components: FormComponent[];
  settings: FormSettings;
  label_ids: string[];
  save_to_contact: boolean;
  allow_update: boolean;
  optin: boolean;
  published: boolean;
  submissions: number;
  webhook_secret: string;
  /** The captcha provider's secret key, sealed; null with the proof of work. */
  captcha_secret: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface SubmissionRow {
  id: string;
  form_id: string;
  company_id: string;
  answers: Record<string, FormAnswer>;
  email: string | null;
  state: 'pending' | 'confirmed' | 'saved';
  created_at: Date;
}

const formColumns = `id::text AS id, company_id, name, components, settings, label_ids::text[] AS label_ids,
  save_to_contact, allow_update, optin, published, webhook_secret, captcha_secret, created_at, updated_at,
  (SELECT coalesce(sum(c.submissions), 0)::int FROM form_submission_counts c WHERE c.form_id = forms.id) AS submissions`;
const submissionColumns =
  'id::text AS id, form_id::text AS form_id, company_id, answers, email, state, created_at';

/** A form body's columns, in the order of the statements' parameters (name ... optin). */
const bodyValues = (body: FormBody) => [
  body.name,
  JSON.stringify(body.components),
  JSON.stringify(body.settings),
  body.labels,
  body.saveToContact,
  body.allowUpdate,
  body.optin,
];

const sortColumns = { name: 'lower(name)', createdAt: 'created_at', lastUpdate: 'updated_at' } as const;

/** The forms' SQL, each statement scoped by the company (the public routes read a published form by id alone). */
export const formStore = {
  /** `captchaSecret` sealed already. */
  insert: (
    db: Db,
    companyId: string,
    body: FormBody,
    secrets: { webhook: string; captcha: string | null },
    now: Date,
  ) =>
    db.one<FormRow>(
      `INSERT INTO forms (company_id, name, components, settings, label_ids, save_to_contact, allow_update, optin, created_at, updated_at, webhook_secret, captcha_secret)
       VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::bigint[], $6, $7, $8, $9, $9, $10, $11) RETURNING ${formColumns}`,
      [companyId, ...bodyValues(body), now, secrets.webhook, secrets.captcha],
    ),

  /** `captchaSecret` sealed already. */
  update: (db: Db, companyId: string, id: string, body: FormBody, captchaSecret: string | null, now: Date) =>
    db.maybeOne<FormRow>(
      `UPDATE forms SET name = $3, components = $4::jsonb, settings = $5::jsonb, label_ids = $6::bigint[],
         save_to_contact = $7, allow_update = $8, optin = $9, updated_at = $10, captcha_secret = $11
       WHERE company_id = $1 AND id = $2 RETURNING ${formColumns}`,
      [companyId, id, ...bodyValues(body), now, captchaSecret],
    ),

  get: (db: Db, companyId: string, id: string) =>
    db.maybeOne<FormRow>(`SELECT ${formColumns} FROM forms WHERE company_id = $1 AND id = $2`, [
      companyId,
      id,
    ]),

  /** The row, locked until `tx` ends (publishing and submitting count against limits). */
  lock: (tx: Db, companyId: string, id: string) =>
    tx.maybeOne<FormRow>(`SELECT ${formColumns} FROM forms WHERE company_id = $1 AND id = $2 FOR UPDATE`, [
      companyId,
      id,
    ]),

  published: (db: Db, id: string) =>
    db.maybeOne<FormRow>(`SELECT ${formColumns} FROM forms WHERE id = $1 AND published`, [id]),

  /** How many submissions the form has taken (its row's `submissions`, read afresh). */
  submissionCount: async (db: Db, id: string) =>
    (
      await db.one<{ count: number }>(
        'SELECT coalesce(sum(submissions), 0)::int AS count FROM form_submission_counts WHERE form_id = $1',
        [id],
      )
    ).count,

  async page(
    db: Db,
    companyId: string,
    query: { page: number; size: number; search?: string | undefined; published?: boolean | undefined },
    sort: { column: keyof typeof sortColumns; descending: boolean },
  ): Promise<{ rows: FormRow[]; total: number }> {
    const params: unknown[] = [companyId];
    const where = ['company_id = $1'];
    if (query.search) {
      params.push(containsPattern(query.search));
      where.push(`name ILIKE $${params.length} ESCAPE '\\'`);
    }
    if (query.published !== undefined) {
      params.push(query.published);
      where.push(`published = $${params.length}`);
    }
    const filter = where.join(' AND ');
    const order = `${sortColumns[sort.column]} ${sort.descending ? 'DESC' : 'ASC'}, id ${sort.descending ? 'DESC' : 'ASC'}`;
    const [rows, counted] = await Promise.all([
      db.query<FormRow>(
        `SELECT ${formColumns} FROM forms WHERE ${filter} ORDER BY ${order} LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`,
        params,
      ),
      db.one<{ total: number }>(`SELECT count(*)::int AS total FROM forms WHERE ${filter}`, params),
    ]);
    return { rows, total: counted.total };
  },

  remove: async (db: Db, companyId: string, id: string) =>
    (await db.query('DELETE FROM forms WHERE company_id = $1 AND id = $2 RETURNING 1', [companyId, id]))
      .length > 0,

  setPublished: (tx: Db, companyId: string, id: string, published: boolean, now: Date) =>
    tx.query('UPDATE forms SET published = $3, updated_at = $4 WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
      published,
      now,
    ]),

  /** Which of `ids` are the company's published forms. */
  publishedAmong: async (db: Db, companyId: string, ids: readonly string[]) =>
    ids.length === 0
      ? []
      : (
          await db.query<{ id: string }>(
            'SELECT id::text AS id FROM forms WHERE company_id = $1 AND published AND id = ANY($2::bigint[])',
            [companyId, ids],
          )
        ).map((row) => row.id),

  countPublished: async (tx: Db, companyId: string) =>
    (
      await tx.one<{ count: number }>(
        'SELECT count(*)::int AS count FROM forms WHERE company_id = $1 AND published',
        [companyId],
      )
    ).count,

  /** Submissions the company received since `since`, counted up to `limit` (the plan's monthly limit). */
  /** The company's submissions in the month `month` ("2026-11-01", UTC), from its monthly counts. */
  submissionsInMonth: async (db: Db, companyId: string, month: string) =>
    (
      await db.one<{ count: number }>(
        'SELECT coalesce(sum(submissions), 0)::int AS count FROM form_month_counts WHERE company_id = $1 AND month = $2',
        [companyId, month],
      )
    ).count,

  /**
   * Whether a form with a limit has a place left: it first takes a lock of its own (the transaction's)
   * and sums its shards, so that two visitors never both take the last place (the lock holds until the
   * submission is added). Forms without a limit never wait on each other.
   */
  async hasPlace(tx: Db, form: Pick<FormRow, 'id' | 'settings'>): Promise<boolean> {
    if (!form.settings.limit) return true;
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`form_submissions:${form.id}`]);
    return (await formStore.submissionCount(tx, form.id)) < form.settings.limitForm;
  },

  /**
   * A submission of the form while it is published, in one statement: the form's count and the
   * company's count for `month` each get one more, in shards picked at random (writers rarely wait on
   * one row), and the submission is added. Null when the form is no longer published.
   */
  addSubmission: async (
    tx: Db,
    form: Pick<FormRow, 'id' | 'company_id'>,
    submission: {
      answers: Record<string, FormAnswer>;
      email: string | null;
      ip: string;
      state: SubmissionRow['state'];
      confirmTokenHash: string | null;
      /** The answer of the form's distinctIdField question, as compared (or null). */
      distinctKey: string | null;
      now: Date;
    },
    month: string,
  ) =>
    (await tx.maybeOne<{ id: string }>(
      `WITH place AS (
           INSERT INTO form_submission_counts (form_id, shard, submissions)
           SELECT id, $10, 1 FROM forms WHERE id = $1 AND published
           ON CONFLICT (form_id, shard) DO UPDATE SET submissions = form_submission_counts.submissions + 1
           RETURNING 1),
         in_month AS (
           INSERT INTO form_month_counts (company_id, month, shard, submissions)
           SELECT $2, $11, $10, 1 FROM place
           ON CONFLICT (company_id, month, shard) DO UPDATE SET submissions = form_month_counts.submissions + 1)
         INSERT INTO form_submissions (form_id, company_id, answers, email, ip, state, confirm_token_hash, created_at, distinct_key)
         SELECT $1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9 FROM place RETURNING id::text AS id`,
      [
        form.id,
        form.company_id,
        JSON.stringify(submission.answers),
        submission.email,
        submission.ip,
        submission.state,
        submission.confirmTokenHash,
        submission.now,
        submission.distinctKey,
        Math.floor(Math.random() * 16),
        month,
      ],
    )) ?? null,

  /** Has the form a submission with this distinctIdField answer already? */
  hasDistinct: async (db: Db, formId: string, key: string) =>
    (
      await db.query('SELECT 1 FROM form_submissions WHERE form_id = $1 AND distinct_key = $2 LIMIT 1', [
        formId,
        key,
      ])
    ).length > 0,

  /** Marks the pending submission of this confirmation token confirmed. */
  confirm: (db: Db, tokenHash: string, now: Date) =>
    db.query(
      `UPDATE form_submissions SET state = 'confirmed', confirmed_at = $2
       WHERE confirm_token_hash = $1 AND state = 'pending'`,
      [tokenHash, now],
    ),

  /** The submission a confirmation token was made for (pending, or confirmed already). */
  byToken: (db: Db, tokenHash: string) =>
    db.maybeOne<SubmissionRow>(
      `SELECT ${submissionColumns} FROM form_submissions WHERE confirm_token_hash = $1`,
      [tokenHash],
    ),

  async submissions(
    db: Db,
    companyId: string,
    formId: string,
    page: { page: number; size: number },
  ): Promise<SubmissionRow[]> {
    return db.query<SubmissionRow>(
      `SELECT ${submissionColumns} FROM form_submissions WHERE company_id = $1 AND form_id = $2
       ORDER BY id DESC LIMIT $3 OFFSET $4`,
      [companyId, formId, page.size, (page.page - 1) * page.size],
    );
  },

  /** Every submission of the form, oldest first, `size` at a time after the id `after`. */
  submissionsAfter: (db: Db, companyId: string, formId: string, after: string, size: number) =>
    db.query<SubmissionRow>(
      `SELECT ${submissionColumns} FROM form_submissions WHERE company_id = $1 AND form_id = $2 AND id > $3
       ORDER BY id LIMIT $4`,
      [companyId, formId, after, size],
    ),
};
