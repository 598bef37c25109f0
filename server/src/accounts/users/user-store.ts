import type { User } from '@app/contract/schemas';
import { type Db, isUniqueViolation } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import { toUser, type UserRow, userColumns } from './user-view.ts';

export type UserStore = ReturnType<typeof createUserStore>;

export type ProfileFields = Partial<
  Record<
    'fullname' | 'firstname' | 'lastname' | 'phone' | 'hour_format' | 'language' | 'image' | 'timezone',
    string
  >
>;

export interface NewOwner {
  companyId: string;
  email: string;
  /** null for accounts that sign in through Google/OIDC only. */
  passwordHash: string | null;
  validated: boolean;
  fullname: string;
  phone: string;
  now: Date;
}

export interface NewMember {
  companyId: string;
  email: string;
  passwordHash: string;
  role: string;
  fullname: string;
  now: Date;
}

export interface CompanyMemberRow {
  id: string;
  email: string;
  fullname: string;
  role: string;
  created_at: Date;
}

/** What the second-factor routes read of a user. */
export interface TotpUser {
  email: string;
  passwordHash: string | null;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpEnabled: boolean;
}

export const emailRegistered = () => new DomainError('emailRegistered', 'Email already registered');

/**
 * The `users` table: every statement on it. Methods that take `tx` run inside the caller's transaction.
 * Addresses are compared without case; callers pass them lower-cased where the contract lower-cases them.
 */
export function createUserStore(db: Db) {
  return {
    /** For a password sign-in: undefined for an unknown address. */
    forSignin: (email: string) =>
      db.maybeOne<{ id: string; password_hash: string | null; validated: boolean; totp_enabled: boolean }>(
        'SELECT id, password_hash, validated, totp_enabled FROM users WHERE lower(email) = $1',
        [email],
      ),

    async companyOf(email: string): Promise<string | undefined> {
      const row = await db.maybeOne<{ company_id: string }>(
        'SELECT company_id FROM users WHERE lower(email) = $1',
        [email],
      );
      return row?.company_id;
    },

    byEmail: (email: string) =>
      db.maybeOne<{ id: string; email: string }>('SELECT id, email FROM users WHERE lower(email) = $1', [
        email,
      ]),

    unvalidatedByEmail: (email: string) =>
      db.maybeOne<{ id: string; email: string }>(
        'SELECT id, email FROM users WHERE lower(email) = $1 AND NOT validated',
        [email],
      ),

    credentials: (userId: string) =>
      db.one<{ email: string; password_hash: string | null }>(
        'SELECT email, password_hash FROM users WHERE id = $1',
        [userId],
      ),

    async totp(userId: string): Promise<TotpUser> {
      const row = await db.one<{
        email: string;
        password_hash: string | null;
        totp_secret: string | null;
        totp_pending_secret: string | null;
        totp_enabled: boolean;
      }>(
        'SELECT email, password_hash, totp_secret, totp_pending_secret, totp_enabled FROM users WHERE id = $1',
        [userId],
      );
      return {
        email: row.email,
        passwordHash: row.password_hash,
        totpSecret: row.totp_secret,
        totpPendingSecret: row.totp_pending_secret,
        totpEnabled: row.totp_enabled,
      };
    },

    async profile(userId: string): Promise<User> {
      return toUser(await db.one<UserRow>(`SELECT ${userColumns} FROM users WHERE id = $1`, [userId]));
    },

    /** Applies the given profile fields (undefined ones stay) and returns the user. */
    async updateProfile(userId: string, fields: ProfileFields): Promise<User> {
      const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
      const assignments = entries.map(([column], index) => `${column} = $${index + 2}`);
      const row = await db.one<UserRow>(
        `UPDATE users SET ${assignments.length > 0 ? assignments.join(', ') : 'id = id'} WHERE id = $1
         RETURNING ${userColumns}`,
        [userId, ...entries.map(([, value]) => value)],
      );
      return toUser(row);
    },

    /** The short detail with the company's environment. */
    detail: (userId: string) =>
      db.one<{
        id: string;
        email: string;
        fullname: string;
        lastname: string;
        image: string;
        phone: string;
        environment: 'sandbox' | 'production';
      }>(
        `SELECT u.id, u.email, u.fullname, u.lastname, u.image, u.phone, c.environment
         FROM users u JOIN companies c ON c.id = u.company_id
         WHERE u.id = $1`,
        [userId],
      ),

    async policyVersion(userId: string): Promise<string> {
      const row = await db.one<{ policy_version: string }>('SELECT policy_version FROM users WHERE id = $1', [
        userId,
      ]);
      return row.policy_version;
    },

    async setPolicyVersion(userId: string, version: string): Promise<void> {
      await db.query('UPDATE users SET policy_version = $2 WHERE id = $1', [userId, version]);
    },

    async setPassword(tx: Db, userId: string, passwordHash: string): Promise<void> {
      await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
    },

    /**
     * A password set through a mailed reset link: the link proves the address, so it also confirms it, and
     * it lifts a second-factor lock someone guessing caused. Returns the user's address.
     */
    async resetPassword(tx: Db, userId: string, passwordHash: string): Promise<string> {
      const { email } = await tx.one<{ email: string }>(
        `UPDATE users SET password_hash = $2, validated = true, second_factor_failures = 0,
           second_factor_failed_at = NULL
         WHERE id = $1 RETURNING email`,
        [userId, passwordHash],
      );
      return email;
    },

    /**
     * An operator's new password for the user with this address (which it confirms, and whose
     * second-factor lock it lifts, as a reset link does); undefined when none has it.
     */
    async setPasswordByEmail(tx: Db, email: string, passwordHash: string): Promise<string | undefined> {
      const row = await tx.maybeOne<{ id: string }>(
        `UPDATE users SET password_hash = $2, validated = true, second_factor_failures = 0,
           second_factor_failed_at = NULL
         WHERE lower(email) = $1 RETURNING id`,
        [email, passwordHash],
      );
      return row?.id;
    },

    /** The new address waits for its confirmation; 409 emailRegistered when another user has it. */
    async changeEmail(userId: string, email: string): Promise<void> {
      try {
        await db.query('UPDATE users SET email = $2, validated = false WHERE id = $1', [userId, email]);
      } catch (error) {
        if (isUniqueViolation(error)) throw emailRegistered();
        throw error;
      }
    },

    /** Confirms the address if it is still the user's; returns it as stored, or undefined. */
    async markValidated(tx: Db, userId: string, email: string): Promise<string | undefined> {
      const row = await tx.maybeOne<{ email: string }>(
        'UPDATE users SET validated = true WHERE id = $1 AND lower(email) = $2 RETURNING email',
        [userId, email],
      );
      return row?.email;
    },

    /**
     * An identity provider verified the address, which is all email confirmation asks for. A password set
     * before the address was confirmed may be someone else's (registered in the owner's name), so it goes.
     */
    confirmedByProvider: (email: string) =>
      db.maybeOne<{ id: string; totp_enabled: boolean }>(
        `UPDATE users SET password_hash = CASE WHEN validated THEN password_hash END, validated = true
         WHERE lower(email) = $1 RETURNING id, totp_enabled`,
        [email],
      ),

    /** A company's owner (role ADMIN); 409 emailRegistered when the address is taken. */
    async insertOwner(tx: Db, owner: NewOwner): Promise<string> {
      const taken = await tx.maybeOne('SELECT 1 FROM users WHERE lower(email) = lower($1)', [owner.email]);
      if (taken) throw emailRegistered();
      try {
        const { id } = await tx.one<{ id: string }>(
          `INSERT INTO users (company_id, email, password_hash, role, validated, fullname, phone, created_at)
           VALUES ($1, $2, $3, 'ADMIN', $4, $5, $6, $7) RETURNING id`,
          [
            owner.companyId,
            owner.email,
            owner.passwordHash,
            owner.validated,
            owner.fullname,
            owner.phone,
            owner.now,
          ],
        );
        return id;
      } catch (error) {
        // Two sign-ups with one address at the same moment: the unique index decides.
        if (isUniqueViolation(error)) throw emailRegistered();
        throw error;
      }
    },

    async emailTaken(tx: Db, email: string): Promise<boolean> {
      return (await tx.maybeOne('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email])) !== undefined;
    },

    /** A member who accepted an invitation: validated (the link proved the address), with the role. */
    async insertMember(tx: Db, member: NewMember): Promise<string> {
      const taken = await tx.maybeOne('SELECT 1 FROM users WHERE lower(email) = lower($1)', [member.email]);
      if (taken) throw emailRegistered();
      try {
        const { id } = await tx.one<{ id: string }>(
          `INSERT INTO users (company_id, email, password_hash, role, validated, fullname, created_at)
           VALUES ($1, $2, $3, $4, true, $5, $6) RETURNING id`,
          [member.companyId, member.email, member.passwordHash, member.role, member.fullname, member.now],
        );
        return id;
      } catch (error) {
        if (isUniqueViolation(error)) throw emailRegistered();
        throw error;
      }
    },

    /** The company's users, oldest first. */
    companyMembers: (companyId: string) =>
      db.query<CompanyMemberRow>(
        `SELECT id, email, fullname, role, created_at FROM users WHERE company_id = $1 ORDER BY created_at, email`,
        [companyId],
      ),

    /** One user of the company (undefined for another company's or an unknown id). */
    memberOf: (tx: Db, companyId: string, userId: string) =>
      tx.maybeOne<CompanyMemberRow>(
        'SELECT id, email, fullname, role, created_at FROM users WHERE company_id = $1 AND id = $2',
        [companyId, userId],
      ),

    async countUsers(tx: Db, companyId: string, role?: string): Promise<number> {
      const row = await tx.one<{ count: number }>(
        'SELECT count(*)::int AS count FROM users WHERE company_id = $1 AND ($2::text IS NULL OR role = $2)',
        [companyId, role ?? null],
      );
      return row.count;
    },

    /** Users per role in the company. */
    async roleCounts(tx: Db, companyId: string): Promise<Map<string, number>> {
      const rows = await tx.query<{ role: string; count: number }>(
        'SELECT role, count(*)::int AS count FROM users WHERE company_id = $1 GROUP BY role',
        [companyId],
      );
      return new Map(rows.map((row) => [row.role, row.count]));
    },

    async setRole(tx: Db, companyId: string, userId: string, role: string): Promise<void> {
      await tx.query('UPDATE users SET role = $3 WHERE company_id = $1 AND id = $2', [
        companyId,
        userId,
        role,
      ]);
    },

    /** Every user of the company holding `from` gets `to`; returns how many. */
    async reassignRole(tx: Db, companyId: string, from: string, to: string): Promise<number> {
      const rows = await tx.query(
        'UPDATE users SET role = $3 WHERE company_id = $1 AND role = $2 RETURNING id',
        [companyId, from, to],
      );
      return rows.length;
    },

    /** Removes a user from the company (its sessions, tokens and codes go with it). */
    async deleteMember(tx: Db, companyId: string, userId: string): Promise<void> {
      await tx.query('DELETE FROM users WHERE company_id = $1 AND id = $2', [companyId, userId]);
    },

    async preferences(userId: string): Promise<{ usage_alert: boolean; usage_alert_percent: number }> {
      return db.one('SELECT usage_alert, usage_alert_percent FROM users WHERE id = $1', [userId]);
    },

    async setPreferences(userId: string, alert: { usageAlert: boolean; usageAlertPercent: number }) {
      return db.one<{ usage_alert: boolean; usage_alert_percent: number }>(
        `UPDATE users SET usage_alert = $2, usage_alert_percent = $3 WHERE id = $1
         RETURNING usage_alert, usage_alert_percent`,
        [userId, alert.usageAlert, alert.usageAlertPercent],
      );
    },

    async setPendingTotp(userId: string, secret: string): Promise<void> {
      await db.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [userId, secret]);
    },

    async enableTotp(tx: Db, userId: string): Promise<void> {
      await tx.query(
        `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled = true,
           totp_last_step = NULL
         WHERE id = $1`,
        [userId],
      );
    },

    async disableTotp(tx: Db, userId: string): Promise<void> {
      await tx.query(
        `UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled = false,
           totp_last_step = NULL
         WHERE id = $1`,
        [userId],
      );
    },

    /** Takes a TOTP time step if it is newer than the last one taken; false when it is not. */
    async takeTotpStep(tx: Db, userId: string, step: number): Promise<boolean> {
      const taken = await tx.query(
        `UPDATE users SET totp_last_step = $2
         WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
        [userId, step],
      );
      return taken.length > 0;
    },

    /**
     * Counts a second-factor try in one statement, so parallel tries cannot slip past `max`: the tries
     * within the window (this one included), or undefined when `max` are used up.
     */
    async countCodeAttempt(userId: string, now: Date, windowStart: Date, max: number) {
      const counted = await db.maybeOne<{ failures: number }>(
        `UPDATE users SET
           second_factor_failures = CASE WHEN second_factor_failed_at IS NULL OR second_factor_failed_at <= $3
             THEN 1 ELSE second_factor_failures + 1 END,
           second_factor_failed_at = $2
         WHERE id = $1
           AND (second_factor_failures < $4 OR second_factor_failed_at IS NULL OR second_factor_failed_at <= $3)
         RETURNING second_factor_failures AS failures`,
        [userId, now, windowStart, max],
      );
      return counted?.failures;
    },

    async lastCodeFailureAt(userId: string): Promise<Date> {
      const row = await db.one<{ failed_at: Date }>(
        'SELECT second_factor_failed_at AS failed_at FROM users WHERE id = $1',
        [userId],
      );
      return row.failed_at;
    },

    /** A counted try turned out right: it no longer counts (the wrong ones around it still do). */
    async takeBackCodeAttempt(userId: string): Promise<void> {
      await db.query(
        'UPDATE users SET second_factor_failures = second_factor_failures - 1 WHERE id = $1 AND second_factor_failures > 0',
        [userId],
      );
    },
  };
}
