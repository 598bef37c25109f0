import { randomToken, sha256Hex } from '../../crypto.ts';
import type { Db } from '../../db/db.ts';

const resetTtlMs = 60 * 60 * 1000;

// Password reset links: their `one_time_tokens` rows (purpose 'reset_password') are written only here.

/** A random token, single use, valid one hour; returns it in clear (only its hash is stored). */
export async function saveResetLink(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomToken();
  await db.query(
    `INSERT INTO one_time_tokens (hash, purpose, user_id, expires_at, created_at)
     VALUES ($1, 'reset_password', $2, $3, $4)`,
    [sha256Hex(token), userId, new Date(now.getTime() + resetTtlMs), now],
  );
  return token;
}

/**
 * Uses up a reset token and every other outstanding one of its user; returns the user, or
 * undefined when the token is unknown, used or expired.
 */
export async function consumeResetLink(tx: Db, token: string, now: Date): Promise<string | undefined> {
  const row = await tx.maybeOne<{ user_id: string }>(
    `UPDATE one_time_tokens SET used_at = $2
     WHERE hash = $1 AND purpose = 'reset_password' AND used_at IS NULL AND expires_at > $2
     RETURNING user_id`,
    [sha256Hex(token), now],
  );
  if (row) await endResetLinks(tx, row.user_id, now);
  return row?.user_id;
}

/** A new password makes every reset link sent before it worthless. */
export async function endResetLinks(db: Db, userId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE one_time_tokens SET used_at = $2
     WHERE user_id = $1 AND purpose = 'reset_password' AND used_at IS NULL`,
    [userId, now],
  );
}
