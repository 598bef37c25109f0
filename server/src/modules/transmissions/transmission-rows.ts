import type { Db } from '../../db/db.ts';
import type { NewTransmission } from '../messages/ingest.ts';

/**
 * Inserts transmissions; a scheduled one that is being generated already exists, and gets its
 * outcome recorded instead. Only through `tx` (it runs inside the ingest commit).
 */
export async function saveTransmissions(tx: Db, transmissions: readonly NewTransmission[]): Promise<void> {
  for (const t of transmissions) {
    await tx.query(
      `INSERT INTO transmissions (id, company_id, subaccount_id, state, environment, campaign_id, description,
         template_id, request, start_time, num_rcpts, num_generated, num_failed_gen, num_invalid_rcpts,
         generation_start_time, generation_end_time, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
         CASE WHEN $4 = 'Success' THEN $15::timestamptz END, CASE WHEN $4 = 'Success' THEN $15::timestamptz END, $15)
       ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, num_generated = EXCLUDED.num_generated,
         num_failed_gen = EXCLUDED.num_failed_gen, generation_end_time = EXCLUDED.created_at
       WHERE transmissions.company_id = EXCLUDED.company_id AND transmissions.state = 'Generating'`,
      [
        t.id,
        t.companyId,
        t.subaccountId,
        t.state,
        t.environment,
        t.campaignId,
        t.description,
        t.templateId,
        JSON.stringify(t.request),
        t.startTime,
        t.numRcpts,
        t.numGenerated,
        t.numFailedGen,
        t.numInvalidRcpts,
        t.createdAt,
      ],
    );
  }
}
