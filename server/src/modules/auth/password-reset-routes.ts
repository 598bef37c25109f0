import { envelope, forgetPasswordBody, okData, resetPasswordBody } from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain-error.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import { consumeResetLink, sendResetLink } from './reset-links.ts';
import { revokeUserSessions } from './sessions.ts';
import { forgetFailedSignins } from './signin-throttle.ts';

export function passwordResetRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/forget-password',
      {
        config: rateLimited,
        schema: {
          tags: ['auth'],
          summary: 'Mail a password reset link (same answer whether or not the account exists)',
          body: forgetPasswordBody,
          response: { 200: envelope(okData) },
        },
      },
      async (request) => {
        await ctx.captcha.verify(request.body.captcha, request.ip);
        const user = await ctx.db.maybeOne<{ id: string; email: string }>(
          'SELECT id, email FROM users WHERE lower(email) = $1',
          [request.body.email],
        );
        if (user) await sendResetLink(ctx, user);
        return { data: true as const };
      },
    );

    app.post(
      '/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset link token; ends every session of the user',
          body: resetPasswordBody,
          response: { 200: envelope(okData) },
        },
      },
      async (request) => {
        const passwordHash = await ctx.passwords.hash(request.body.newPassword);
        const now = ctx.clock.now();
        await ctx.db.transaction(async (tx) => {
          const userId = await consumeResetLink(tx, request.body.token, now);
          if (!userId) throw new DomainError('invalidResetToken', 'Reset link is invalid or has expired');
          // The mailed link proves the address, so it also counts as email confirmation; and it lifts
          // a second-factor lock or sign-in slowdown that someone guessing caused.
          const { email } = await tx.one<{ email: string }>(
            `UPDATE users SET password_hash = $2, validated = true, second_factor_failures = 0,
               second_factor_failed_at = NULL
             WHERE id = $1 RETURNING email`,
            [userId, passwordHash],
          );
          await forgetFailedSignins(tx, email);
          await revokeUserSessions(tx, userId, 'password_reset', now);
        });
        return { data: true as const };
      },
    );
  };
}
