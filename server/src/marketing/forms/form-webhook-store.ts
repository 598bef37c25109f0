import type { Db } from '../../db/db.ts';

export interface DeliveryRow {
  id: string;
  form_id: string;
  target: string;
  body: string;
  attempts: number;
  created_at: Date;
  webhook_secret: string;
}

/** The POSTs of forms' submissions to their webhook URLs, queued with their submissions. */
export const formWebhookStore = {
  queue: (
    tx: Db,
    delivery: { formId: string; submissionId: string; target: string; body: string; now: Date },
  ) =>
    tx.query(
      `INSERT INTO form_webhook_deliveries (form_id, submission_id, target, body, created_at, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $5)`,
      [delivery.formId, delivery.submissionId, delivery.target, delivery.body, delivery.now],
    ),

  /**
   * Takes up to `limit` deliveries due at `now`, each put off by `leaseMs` so no other worker takes it
   * while it is posted (a worker that dies lets it come back after the lease).
   */
  claimDue: (db: Db, now: Date, limit: number, leaseMs: number) =>
    db.query<DeliveryRow>(
      `UPDATE form_webhook_deliveries d SET next_attempt_at = $2
       FROM forms f
       WHERE d.id IN (
         SELECT id FROM form_webhook_deliveries WHERE state = 'queued' AND next_attempt_at <= $1
         ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
         AND f.id = d.form_id
       RETURNING d.id::text AS id, d.form_id::text AS form_id, d.target, d.body, d.attempts, d.created_at, f.webhook_secret`,
      [now, new Date(now.getTime() + leaseMs), limit],
    ),

  delivered: (db: Db, id: string, status: number) =>
    db.query(
      `UPDATE form_webhook_deliveries SET state = 'delivered', attempts = attempts + 1, last_status = $2, last_error = NULL
       WHERE id = $1`,
      [id, status],
    ),

  /** A failed attempt: tried again at `retryAt`, or failed for good when there is none. */
  failed: (
    db: Db,
    id: string,
    outcome: { status: number | null; error: string | null },
    retryAt: Date | null,
  ) =>
    db.query(
      `UPDATE form_webhook_deliveries SET attempts = attempts + 1, last_status = $2, last_error = $3,
         state = CASE WHEN $4::timestamptz IS NULL THEN 'failed' ELSE 'queued' END,
         next_attempt_at = coalesce($4::timestamptz, next_attempt_at)
       WHERE id = $1`,
      [id, outcome.status, outcome.error, retryAt],
    ),
};
