import { type Db, isUniqueViolation } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';

export type TeamStore = ReturnType<typeof createTeamStore>;

export interface RoleRow {
  id: string;
  company_id: string | null;
  name: string;
  permissions: string[];
  created_at: Date;
}

export interface InvitationRow {
  id: string;
  company_id: string;
  email: string;
  role: string;
  invited_by: string | null;
  created_at: Date;
  last_sent_at: Date | null;
  expires_at: Date;
  accepted_at: Date | null;
}

const invitationColumns =
  'id, company_id, email, role, invited_by, created_at, last_sent_at, expires_at, accepted_at';

export const roleNameTaken = (name: string) =>
  new DomainError('duplicate', `A role named ${name} already exists`, { field: 'name', value: name });

/**
 * The `team_roles` and `member_invitations` tables: every statement on them. Methods that take `tx` run inside
 * the caller's transaction. Every statement is scoped by the company; built-in roles have no company.
 */
export function createTeamStore(db: Db) {
  return {
    /** The built-in roles and the company's own, built-ins first. */
    roles: (tx: Db, companyId: string) =>
      tx.query<RoleRow>(
        `SELECT id, company_id, name, permissions, created_at FROM team_roles
         WHERE company_id IS NULL OR company_id = $1
         ORDER BY company_id IS NOT NULL, created_at, name`,
        [companyId],
      ),

    /** A role the company may give: a built-in one or its own (undefined otherwise). */
    role: (tx: Db, companyId: string, id: string) =>
      tx.maybeOne<RoleRow>(
        `SELECT id, company_id, name, permissions, created_at FROM team_roles
         WHERE id = $2 AND (company_id IS NULL OR company_id = $1)`,
        [companyId, id],
      ),

    async insertRole(
      tx: Db,
      role: { companyId: string; name: string; permissions: string[]; now: Date },
    ): Promise<RoleRow> {
      await assertNameFree(tx, role.companyId, role.name);
      try {
        return await tx.one<RoleRow>(
          `INSERT INTO team_roles (company_id, name, permissions, created_at) VALUES ($1, $2, $3, $4)
           RETURNING id, company_id, name, permissions, created_at`,
          [role.companyId, role.name, role.permissions, role.now],
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw roleNameTaken(role.name);
        throw error;
      }
    },

    async updateRole(
      tx: Db,
      companyId: string,
      id: string,
      changes: { name?: string; permissions?: string[]; now: Date },
    ): Promise<RoleRow | undefined> {
      if (changes.name !== undefined) await assertNameFree(tx, companyId, changes.name, id);
      try {
        return await tx.maybeOne<RoleRow>(
          `UPDATE team_roles SET name = COALESCE($3, name), permissions = COALESCE($4, permissions), updated_at = $5
           WHERE company_id = $1 AND id = $2
           RETURNING id, company_id, name, permissions, created_at`,
          [companyId, id, changes.name ?? null, changes.permissions ?? null, changes.now],
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw roleNameTaken(changes.name ?? '');
        throw error;
      }
    },

    /** Invitations with the role get `to` instead (accepted ones too: they keep no hold on a deleted role). */
    async reassignInvitations(tx: Db, companyId: string, from: string, to: string): Promise<void> {
      await tx.query('UPDATE member_invitations SET role = $3 WHERE company_id = $1 AND role = $2', [
        companyId,
        from,
        to,
      ]);
    },

    async deleteRole(tx: Db, companyId: string, id: string): Promise<void> {
      await tx.query('DELETE FROM team_roles WHERE company_id = $1 AND id = $2', [companyId, id]);
    },

    /** The plan's member limit; -1 = unlimited (also when the plan names none). */
    async memberLimit(tx: Db, companyId: string): Promise<number> {
      const row = await tx.maybeOne<{ quota: number; enabled: boolean }>(
        `SELECT q.quota, q.enabled FROM subscriptions s
         JOIN plan_quotas q ON q.plan_id = s.plan_id AND q.feature = 'member'
         WHERE s.company_id = $1`,
        [companyId],
      );
      if (!row) return -1;
      return row.enabled ? row.quota : 1;
    },

    /** Open invitations (expired ones too), oldest first. */
    openInvitations: (tx: Db, companyId: string) =>
      tx.query<InvitationRow>(
        `SELECT ${invitationColumns} FROM member_invitations
         WHERE company_id = $1 AND accepted_at IS NULL ORDER BY created_at, email`,
        [companyId],
      ),

    async countLiveInvitations(tx: Db, companyId: string, now: Date): Promise<number> {
      const row = await tx.one<{ count: number }>(
        `SELECT count(*)::int AS count FROM member_invitations
         WHERE company_id = $1 AND accepted_at IS NULL AND expires_at > $2`,
        [companyId, now],
      );
      return row.count;
    },

    openInvitation: (tx: Db, companyId: string, id: string) =>
      tx.maybeOne<InvitationRow>(
        `SELECT ${invitationColumns} FROM member_invitations
         WHERE company_id = $1 AND id = $2 AND accepted_at IS NULL`,
        [companyId, id],
      ),

    openInvitationByEmail: (tx: Db, companyId: string, email: string) =>
      tx.maybeOne<InvitationRow>(
        `SELECT ${invitationColumns} FROM member_invitations
         WHERE company_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL`,
        [companyId, email],
      ),

    async insertInvitation(
      tx: Db,
      invitation: {
        companyId: string;
        email: string;
        role: string;
        invitedBy: string;
        tokenHash: string;
        now: Date;
        expiresAt: Date;
      },
    ): Promise<InvitationRow | undefined> {
      try {
        return await tx.one<InvitationRow>(
          `INSERT INTO member_invitations (company_id, email, role, invited_by, token_hash, created_at, last_sent_at,
             expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $6, $7) RETURNING ${invitationColumns}`,
          [
            invitation.companyId,
            invitation.email,
            invitation.role,
            invitation.invitedBy,
            invitation.tokenHash,
            invitation.now,
            invitation.expiresAt,
          ],
        );
      } catch (error) {
        // Invited twice at the same moment: the unique index decides.
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async reassignInvitation(tx: Db, companyId: string, id: string, role: string): Promise<void> {
      await tx.query('UPDATE member_invitations SET role = $3 WHERE company_id = $1 AND id = $2', [
        companyId,
        id,
        role,
      ]);
    },

    async deleteInvitation(tx: Db, companyId: string, id: string): Promise<void> {
      await tx.query('DELETE FROM member_invitations WHERE company_id = $1 AND id = $2', [companyId, id]);
    },

    /** A new link for an open invitation (the old link stops working), running for its full time again. */
    renewInvitation: (
      tx: Db,
      companyId: string,
      id: string,
      change: { tokenHash: string; now: Date; expiresAt: Date },
    ) =>
      tx.maybeOne<InvitationRow>(
        `UPDATE member_invitations SET token_hash = $3, last_sent_at = $4, expires_at = $5
         WHERE company_id = $1 AND id = $2 AND accepted_at IS NULL
         RETURNING ${invitationColumns}`,
        [companyId, id, change.tokenHash, change.now, change.expiresAt],
      ),

    /** The mail did not go out: lastSentAt null lets the console resend at once. */
    async markUnsent(companyId: string, id: string): Promise<void> {
      await db.query('UPDATE member_invitations SET last_sent_at = NULL WHERE company_id = $1 AND id = $2', [
        companyId,
        id,
      ]);
    },

    /** The invitation of a link, with its role's name; the row is locked with `forUpdate`. */
    byToken: (tx: Db, tokenHash: string, forUpdate = false) =>
      tx.maybeOne<InvitationRow & { role_name: string }>(
        `SELECT i.id, i.company_id, i.email, i.role, i.invited_by, i.created_at, i.last_sent_at, i.expires_at,
           i.accepted_at, r.name AS role_name
         FROM member_invitations i
         JOIN team_roles r ON r.id = i.role
         WHERE i.token_hash = $1${forUpdate ? ' FOR UPDATE OF i' : ''}`,
        [tokenHash],
      ),

    async markAccepted(tx: Db, id: string, userId: string, now: Date): Promise<void> {
      await tx.query('UPDATE member_invitations SET accepted_at = $2, accepted_user_id = $3 WHERE id = $1', [
        id,
        now,
        userId,
      ]);
    },

    /** When each user of the company was invited (users who joined by invitation). */
    async invitedAt(tx: Db, companyId: string): Promise<Map<string, Date>> {
      const rows = await tx.query<{ user_id: string; created_at: Date }>(
        `SELECT accepted_user_id AS user_id, created_at FROM member_invitations
         WHERE company_id = $1 AND accepted_user_id IS NOT NULL`,
        [companyId],
      );
      return new Map(rows.map((row) => [row.user_id, row.created_at]));
    },
  };

  async function assertNameFree(tx: Db, companyId: string, name: string, exceptId?: string): Promise<void> {
    const clash = await tx.maybeOne(
      `SELECT 1 FROM team_roles WHERE (company_id IS NULL OR company_id = $1) AND lower(name) = lower($2)
         AND id IS DISTINCT FROM $3`,
      [companyId, name, exceptId ?? null],
    );
    if (clash) throw roleNameTaken(name);
  }
}
