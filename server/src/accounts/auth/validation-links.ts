import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { sha256Hex } from '../../crypto.ts';
import type { Db } from '../../db/db.ts';
import { DomainError, invalidField } from '../../domain-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { confirmationMail, emailChangeMail } from '../../mail/templates.ts';
import type { UserStore } from '../users/user-store.ts';
import type { TokenService } from './tokens.ts';

const validateTtlSeconds = 48 * 60 * 60;

export type ValidationLinks = ReturnType<typeof createValidationLinks>;

export interface ValidationLinkDeps {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  mailer: Mailer;
  publicUrl: string;
  users: Pick<UserStore, 'markValidated'>;
}

/** Email confirmation links; their `one_time_tokens` rows (purpose 'validate') are written only here. */
export function createValidationLinks(deps: ValidationLinkDeps) {
  const { db, clock, tokens, mailer, publicUrl, users } = deps;
  return {
    /**
     * Mails `${PUBLIC_URL}/validate?token=…&email=…` and logs it, so a newcomer can finish sign-up
     * without a mail server. The token is signed; its hash is stored so the link works once.
     */
    async send(
      log: FastifyBaseLogger,
      user: { id: string; email: string },
      reason: 'signup' | 'emailChange',
    ): Promise<void> {
      const now = clock.now();
      const token = await tokens.sign('validate', { sub: user.id, email: user.email }, validateTtlSeconds);
      await db.query(
        `INSERT INTO one_time_tokens (hash, purpose, user_id, expires_at, created_at) VALUES ($1, 'validate', $2, $3, $4)`,
        [sha256Hex(token), user.id, new Date(now.getTime() + validateTtlSeconds * 1000), now],
      );
      const link = `${publicUrl}/validate?${new URLSearchParams({ token, email: user.email })}`;
      log.info(`confirmation link for ${user.email}: ${link}`);
      const mail = reason === 'signup' ? confirmationMail(link) : emailChangeMail(link);
      await mailer.send({ to: user.email, ...mail });
    },

    /** Marks the user validated; validation error for a bad or expired token, linkUsed for a used one. */
    async consume(token: string, email?: string): Promise<string> {
      const invalid = () => invalidField('token', 'The token is Invalid');
      const claims = await tokens.verify('validate', token);
      if (!claims || typeof claims.sub !== 'string' || typeof claims.email !== 'string') throw invalid();
      if (email && email.toLowerCase() !== claims.email) throw invalid();
      const { sub: userId, email: claimedEmail } = claims;
      return db.transaction(async (tx) => {
        const link = await tx.maybeOne<{ used_at: Date | null }>(
          "SELECT used_at FROM one_time_tokens WHERE hash = $1 AND purpose = 'validate' AND user_id = $2 FOR UPDATE",
          [sha256Hex(token), userId],
        );
        if (!link) throw invalid();
        if (link.used_at) throw new DomainError('linkUsed', 'Link already used');
        // A link sent to an address the user has since changed away from proves nothing.
        const validated = await users.markValidated(tx, userId, claimedEmail);
        if (!validated) throw invalid();
        await tx.query('UPDATE one_time_tokens SET used_at = $2 WHERE hash = $1', [
          sha256Hex(token),
          clock.now(),
        ]);
        return validated;
      });
    },
  };
}
