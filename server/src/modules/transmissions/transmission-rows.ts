import type { Db } from '../../db/db.ts';
import type { NewTransmission } from '../messages/ingest.ts';

/**
 * Inserts transmissions; a scheduled one that is being generated already exists, and gets its
 * outcome recorded instead. Only through `tx` (it runs inside the ingest commit).
 */
const columnCount = 15;

export async function saveTransmissions(tx: Db, transmissions: readonly NewTransmission[]): Promise<void> {
  if (transmissions.length === 0) return;
  const params: unknown[] = [];
  const rows = transmissions.map((t, index) => {
    params.push(
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
    );
    const p = (column: number) => `$${index * columnCount + column}`;
    const generated = `CASE WHEN ${p(4)} = 'Success' THEN ${p(15)}::timestamptz END`;
    return `(${Array.from({ length: 14 }, (_, column) => p(column + 1)).join(', ')}, ${generated}, ${generated}, ${p(15)})`;
  });
  await tx.query(
    `INSERT INTO transmissions (id, company_id, subaccount_id, state, environment, campaign_id, description,
       template_id, request, start_time, num_rcpts, num_generated, num_failed_gen, num_invalid_rcpts,
       generation_start_time, generation_end_time, created_at)
     VALUES ${rows.join(', ')}
     ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, num_generated = EXCLUDED.num_generated,
       num_failed_gen = EXCLUDED.num_failed_gen, generation_end_time = EXCLUDED.created_at
     WHERE transmissions.company_id = EXCLUDED.company_id AND transmissions.state = 'Generating'`,
    params,
  );
}
