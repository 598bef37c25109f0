import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sha256Hex } from '../../crypto.ts';
import { DomainError, invalidField } from '../../domain-error.ts';
import { confirmationMail, emailChangeMail } from '../../mail/templates.ts';

const validateTtlSeconds = 48 * 60 * 60;

/**
 * Mails `${PUBLIC_URL}/validate?token=…&email=…` and logs it, so a newcomer can finish sign-up
 * without a mail server. The token is signed; its hash is stored so the link works once.
 */
export async function sendValidationLink(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: { id: string; email: string },
  reason: 'signup' | 'emailChange',
): Promise<void> {
  const now = ctx.clock.now();
  const token = await ctx.tokens.sign('validate', { sub: user.id, email: user.email }, validateTtlSeconds);
  await ctx.db.query(
    `INSERT INTO one_time_tokens (hash, purpose, user_id, expires_at, created_at) VALUES ($1, 'validate', $2, $3, $4)`,
    [sha256Hex(token), user.id, new Date(now.getTime() + validateTtlSeconds * 1000), now],
  );
  const link = `${ctx.config.publicUrl}/validate?${new URLSearchParams({ token, email: user.email })}`;
  log.info(`confirmation link for ${user.email}: ${link}`);
  const mail = reason === 'signup' ? confirmationMail(link) : emailChangeMail(link);
  await ctx.mailer.send({ to: user.email, ...mail });
}

/** Marks the user validated; 400 for a bad or expired token, 410 linkUsed for a used one. */
export async function consumeValidationLink(ctx: AppContext, token: string, email?: string): Promise<string> {
  const invalid = () => invalidField('token', 'The token is Invalid');
  const claims = await ctx.tokens.verify('validate', token);
  if (!claims || typeof claims.sub !== 'string' || typeof claims.email !== 'string') throw invalid();
  if (email && email.toLowerCase() !== claims.email) throw invalid();
  const { sub: userId, email: claimedEmail } = claims;
  return ctx.db.transaction(async (tx) => {
    const link = await tx.maybeOne<{ used_at: Date | null }>(
      "SELECT used_at FROM one_time_tokens WHERE hash = $1 AND purpose = 'validate' AND user_id = $2 FOR UPDATE",
      [sha256Hex(token), userId],
    );
    if (!link) throw invalid();
    if (link.used_at) throw new DomainError('linkUsed', 'Link already used');
    // A link sent to an address the user has since changed away from proves nothing.
    const user = await tx.maybeOne<{ email: string }>(
      'UPDATE users SET validated = true WHERE id = $1 AND lower(email) = $2 RETURNING email',
      [userId, claimedEmail],
    );
    if (!user) throw invalid();
    await tx.query('UPDATE one_time_tokens SET used_at = $2 WHERE hash = $1', [
      sha256Hex(token),
      ctx.clock.now(),
    ]);
    return user.email;
  });
}
