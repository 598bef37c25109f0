import type { RequestProduction } from '@app/contract/schemas';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';

// The `production_requests` table: every statement on it.

/** At most this many requests a company an hour: each one mails the operator. */
export const productionRequestsPerHour = 3;

/**
 * Keeps what the company said when it asked for production (each request is kept). Refuses with
 * 429 tooManyAttempts past the hourly limit; the company row is locked so two requests at once count.
 */
export async function recordProductionRequest(
  db: Db,
  caller: { companyId: string; userId: string },
  details: RequestProduction,
  now: Date,
  /** The company store's row lock (serializes one company's changes). */
  lockCompany: (tx: Db, companyId: string) => Promise<unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, caller.companyId);
    const recent = await tx.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM production_requests WHERE company_id = $1 AND created_at > $2',
      [caller.companyId, new Date(now.getTime() - 60 * 60 * 1000)],
    );
    if (recent.count >= productionRequestsPerHour) {
      throw new DomainError(
        'tooManyAttempts',
        `Your company asked for production ${productionRequestsPerHour} times in the last hour. We answer by email; please wait for it.`,
      );
    }
    await insert(tx);
  });

  async function insert(tx: Db) {
    await tx.query(
      `INSERT INTO production_requests (company_id, user_id, reason, monthly_volume, use_case, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
      [caller.companyId, caller.userId, details.reason, details.monthlyVolume, details.useCase, now],
    );
  }
}
