import {
  changeEmailBody,
  changeEmailData,
  changePasswordBody,
  envelope,
  okData,
} from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/db.ts';
import { DomainError, invalidField } from '../../domain-error.ts';
import { bearerSecurity, sessionOf } from '../../http/auth.ts';
import { endResetLinks } from '../auth/reset-links.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { sendValidationLink } from '../auth/validation-links.ts';

export function credentialsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const checkPassword = async (userId: string, field: string, password: string) => {
    const user = await ctx.db.one<{ email: string; password_hash: string | null }>(
      'SELECT email, password_hash FROM users WHERE id = $1',
      [userId],
    );
    if (!(await ctx.passwords.verify(user.password_hash, password)))
      throw invalidField(field, 'Password incorrect');
    return user;
  };

  return async (app) => {
    app.post(
      '/users/change-password',
      {
        onRequest: ctx.guards.full,
        schema: {
          tags: ['users'],
          summary: 'Change the password; other sessions and outstanding reset links of the user end',
          security: bearerSecurity,
          body: changePasswordBody,
          response: { 200: envelope(okData) },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        const { oldPassword, newPassword } = request.body;
        await checkPassword(session.userId, 'oldPassword', oldPassword);
        if (newPassword === oldPassword) {
          throw new DomainError(
            'validation',
            'Choose a new password that is different from your current one',
            {
              field: 'newPassword',
              cause: 'The new password is the same as the current one',
            },
          );
        }
        const passwordHash = await ctx.passwords.hash(newPassword);
        const now = ctx.clock.now();
        await ctx.db.transaction(async (tx) => {
          await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [session.userId, passwordHash]);
          await revokeUserSessions(tx, session.userId, 'password_changed', now, session.sessionId);
          await endResetLinks(tx, session.userId, now);
        });
        return { data: true as const };
      },
    );

    app.post(
      '/users/change-email',
      {
        onRequest: ctx.guards.full,
        schema: {
          tags: ['users'],
          summary: 'Change the sign-in email; mails a confirmation link to the new address',
          security: bearerSecurity,
          body: changeEmailBody,
          response: { 200: envelope(changeEmailData) },
        },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        const { email, password } = request.body;
        const user = await checkPassword(userId, 'password', password);
        if (user.email.toLowerCase() === email)
          throw invalidField('email', 'This is already your email address', email);
        try {
          await ctx.db.query('UPDATE users SET email = $2, validated = false WHERE id = $1', [userId, email]);
        } catch (error) {
          if (isUniqueViolation(error)) throw new DomainError('emailRegistered', 'Email already registered');
          throw error;
        }
        await sendValidationLink(ctx, request.log, { id: userId, email }, 'emailChange');
        return { data: { email, validated: false as const } };
      },
    );
  };
}
