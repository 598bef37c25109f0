import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { passwordResetMail } from '../../mail/templates.ts';
import type { UserStore } from '../users/user-store.ts';
import type { PasswordHasher } from './passwords.ts';
import { consumeResetLink, saveResetLink } from './reset-links.ts';
import { revokeUserSessions } from './sessions.ts';
import { forgetFailedSignins } from './signin-throttle.ts';

export type PasswordReset = ReturnType<typeof createPasswordReset>;

export interface PasswordResetDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  passwords: Pick<PasswordHasher, 'hash'>;
  users: Pick<UserStore, 'byEmail' | 'resetPassword'>;
}

export function createPasswordReset(deps: PasswordResetDeps) {
  const { db, clock, mailer, publicUrl, passwords, users } = deps;
  return {
    /** Mails `${PUBLIC_URL}/reset-password?token=…` when the address has an account; silent otherwise. */
    async request(email: string): Promise<void> {
      const user = await users.byEmail(email);
      if (!user) return;
      const token = await saveResetLink(db, user.id, clock.now());
      const link = `${publicUrl}/reset-password?${new URLSearchParams({ token })}`;
      await mailer.send({ to: user.email, ...passwordResetMail(link) });
    },

    /** Sets the new password and ends every session of the user; invalidResetToken for a bad link. */
    async reset(token: string, newPassword: string): Promise<void> {
      const passwordHash = await passwords.hash(newPassword);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const userId = await consumeResetLink(tx, token, now);
        if (!userId) throw new DomainError('invalidResetToken', 'Reset link is invalid or has expired');
        // The mailed link proves the address, and a new password lifts a sign-in slowdown someone guessing caused.
        const email = await users.resetPassword(tx, userId, passwordHash);
        await forgetFailedSignins(tx, email);
        await revokeUserSessions(tx, userId, 'password_reset', now);
      });
    },
  };
}
