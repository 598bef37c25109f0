import type { Db } from '../../db/db.ts';

/**
 * Locks the company's row until the transaction ends. Every change to a company's contacts, fields
 * and labels takes it first: the plan's limits are checked against what is really there, and the
 * label counts of concurrent changes never wait on each other in opposite orders.
 */
export async function lockCompanyContacts(tx: Db, companyId: string): Promise<void> {
  await tx.query('SELECT 1 FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
}
