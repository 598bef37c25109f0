import type { AppContext } from '../../context.ts';
import { randomToken, sha256Hex } from '../../crypto.ts';
import type { Db } from '../../db/db.ts';
import { passwordResetMail } from '../../mail/templates.ts';

const resetTtlMs = 60 * 60 * 1000;

/** Mails `${PUBLIC_URL}/reset-password?token=…`: a random token, single use, valid one hour. */
export async function sendResetLink(ctx: AppContext, user: { id: string; email: string }): Promise<void> {
  const now = ctx.clock.now();
  const token = randomToken();
  await ctx.db.query(
    `INSERT INTO one_time_tokens (hash, purpose, user_id, expires_at, created_at)
     VALUES ($1, 'reset_password', $2, $3, $4)`,
    [sha256Hex(token), user.id, new Date(now.getTime() + resetTtlMs), now],
  );
  const link = `${ctx.config.publicUrl}/reset-password?${new URLSearchParams({ token })}`;
  await ctx.mailer.send({ to: user.email, ...passwordResetMail(link) });
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
