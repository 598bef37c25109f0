import {
  changeEmailBody,
  changeEmailData,
  changePasswordBody,
  envelope,
  okData,
} from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { DomainError, invalidField } from '../../domain-error.ts';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { endResetLinks } from '../auth/reset-links.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import type { ValidationLinks } from '../auth/validation-links.ts';
import type { UserStore } from './user-store.ts';

export interface CredentialsRouteDeps {
  db: Db;
  clock: Clock;
  passwords: PasswordHasher;
  guards: Pick<AuthGuards, 'full'>;
  validationLinks: Pick<ValidationLinks, 'send'>;
  users: Pick<UserStore, 'credentials' | 'setPassword' | 'changeEmail'>;
}

export function credentialsRoutes(deps: CredentialsRouteDeps): FastifyPluginAsyncZod {
  const checkPassword = async (userId: string, field: string, password: string) => {
    const user = await deps.users.credentials(userId);
    if (!(await deps.passwords.verify(user.password_hash, password)))
      throw invalidField(field, 'Password incorrect');
    return user;
  };

  return async (app) => {
    app.post(
      '/users/change-password',
      {
        onRequest: deps.guards.full,
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
        const passwordHash = await deps.passwords.hash(newPassword);
        const now = deps.clock.now();
        await deps.db.transaction(async (tx) => {
          await deps.users.setPassword(tx, session.userId, passwordHash);
          await revokeUserSessions(tx, session.userId, 'password_changed', now, session.sessionId);
          await endResetLinks(tx, session.userId, now);
        });
        return { data: true as const };
      },
    );

    app.post(
      '/users/change-email',
      {
        onRequest: deps.guards.full,
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
        await deps.users.changeEmail(userId, email);
        await deps.validationLinks.send(request.log, { id: userId, email }, 'emailChange');
        return { data: { email, validated: false as const } };
      },
    );
  };
}
