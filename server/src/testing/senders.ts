import type { Db } from '../db/db.ts';

/** A validated sender of the company, From an address on one of its verified sending domains. */
export async function validatedSender(
  db: Db,
  companyId: string,
  email: string,
  name = 'News',
): Promise<string> {
  const row = await db.one<{ id: string }>(
    `INSERT INTO senders (company_id, email, name, validated_at, token_hash, token_expires_at, created_at)
     VALUES ($1, $2, $3, now(), 'test', now(), now()) RETURNING id::text AS id`,
    [companyId, email, name],
  );
  return row.id;
}
