import { createHash, randomBytes } from 'node:crypto';
import {
  invitationResendSeconds,
  invitationValidDays,
  type TeamMember,
  type TeamMembers,
} from '@app/contract/accounts/team';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import { memberInvitationMail } from '../../mail/templates.ts';
import type { CompanyMemberRow } from '../users/user-store.ts';
import { type Caller, givableRole, memberNotFound, onlyAdminsGiveAdmin, roleName } from './team-rules.ts';
import type { InvitationRow, RoleRow } from './team-store.ts';
import type { TeamServiceDeps } from './team-types.ts';

const dayMs = 24 * 60 * 60 * 1000;
const validMs = invitationValidDays * dayMs;
const resendMs = invitationResendSeconds * 1000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * §7 company/members: the team's members and their invitations (invite by mail, resend, cancel, change
 * role, remove), and the public invitation link (look up, accept).
 */
export function createMemberService(deps: TeamServiceDeps) {
  const { db, clock, mailer, publicUrl, passwords, users, companies, team, offered } = deps;

  const memberView = (
    row: CompanyMemberRow,
    roles: readonly RoleRow[],
    caller: Caller,
    invitedAt?: Date,
  ): TeamMember => ({
    id: row.id,
    email: row.email,
    fullname: row.fullname,
    role: row.role,
    roleName: roleName(roles, row.role),
    status: 'active',
    joinedAt: row.created_at.toISOString(),
    invitedAt: invitedAt?.toISOString() ?? null,
    expiresAt: null,
    lastSentAt: null,
    you: row.id === caller.userId,
  });

  const invitationView = (row: InvitationRow, roles: readonly RoleRow[], now: Date): TeamMember => ({
    id: row.id,
    email: row.email,
    fullname: '',
    role: row.role,
    roleName: roleName(roles, row.role),
    status: row.expires_at > now ? 'invited' : 'expired',
    joinedAt: null,
    invitedAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    lastSentAt: row.last_sent_at?.toISOString() ?? null,
    you: false,
  });

  const linkOf = (token: string) => `${publicUrl}/verify/member/${token}`;

  async function mailInvitation(caller: Caller, companyName: string, email: string, token: string) {
    const inviter = await users.profile(caller.userId);
    await mailer.send({
      to: email,
      ...memberInvitationMail(companyName, inviter.fullname || inviter.email, linkOf(token)),
    });
  }

  /** 409 quotaExceeded when members and live invitations fill the plan's limit (under the company lock). */
  async function assertRoomForInvitation(tx: Db, companyId: string, now: Date): Promise<void> {
    const limit = await team.memberLimit(tx, companyId);
    if (limit === -1) return;
    const used =
      (await users.countUsers(tx, companyId)) + (await team.countLiveInvitations(tx, companyId, now));
    if (used >= limit) {
      throw new DomainError(
        'quotaExceeded',
        `Team member limit reached: your plan allows ${limit} members, invitations included. ` +
          'Remove a member or cancel an invitation first.',
        { field: 'email', feature: 'team', subfeature: 'members' },
      );
    }
  }
  const newToken = () => {
    const token = randomBytes(32).toString('base64url');
    return { token, tokenHash: hashToken(token) };
  };

  return {
    /** Members and open invitations (expired ones too, until cancelled or resent). */
    async list(caller: Caller): Promise<TeamMembers> {
      const now = clock.now();
      const { companyId } = caller;
      const roles = await team.roles(db, companyId);
      const members = await users.companyMembers(companyId);
      const invitedAt = await team.invitedAt(db, companyId);
      const invitations = await team.openInvitations(db, companyId);
      const limit = await team.memberLimit(db, companyId);
      const live = invitations.filter((row) => row.expires_at > now).length;
      return {
        items: [
          ...members.map((row) => memberView(row, roles, caller, invitedAt.get(row.id))),
          ...invitations.map((row) => invitationView(row, roles, now)),
        ],
        limit,
        used: members.length + live,
      };
    },

    /** Invites an address with a role and mails it the link; 409 when it has an account or an invitation. */
    async invite(caller: Caller, input: { email: string; role: string }, log: FastifyBaseLogger) {
      const now = clock.now();
      const { companyId } = caller;
      const email = input.email.toLowerCase();
      const { token, tokenHash } = newToken();
      const { companyName, invitation, roles } = await db.transaction(async (tx) => {
        const companyName = await companies.lockName(tx, companyId);
        await givableRole(team, tx, caller, input.role, offered);
        if (await users.emailTaken(tx, email)) {
          throw new DomainError(
            'duplicate',
            `${email} already has an account: a team member exists with this address, here or in another company`,
            { field: 'email', value: email },
          );
        }
        const open = await team.openInvitationByEmail(tx, companyId, email);
        if (open && open.expires_at > now) {
          throw new DomainError(
            'duplicate',
            `${email} is already invited: resend the invitation or cancel it first`,
            { field: 'email', value: email },
          );
        }
        if (open) await team.deleteInvitation(tx, companyId, open.id);
        await assertRoomForInvitation(tx, companyId, now);
        const invitation = await team.insertInvitation(tx, {
          companyId,
          email,
          role: input.role,
          invitedBy: caller.userId,
          tokenHash,
          now,
          expiresAt: new Date(now.getTime() + validMs),
        });
        if (!invitation) {
          throw new DomainError('duplicate', `${email} is already invited`, { field: 'email', value: email });
        }
        return { companyName, invitation, roles: await team.roles(tx, companyId) };
      });
      try {
        await mailInvitation(caller, companyName, email, token);
      } catch (error) {
        log.warn({ err: error, invitation: invitation.id }, 'member invitation mail failed');
        await team.markUnsent(companyId, invitation.id);
        return invitationView({ ...invitation, last_sent_at: null }, roles, now);
      }
      return invitationView(invitation, roles, now);
    },

    /**
     * Mails an open invitation again (a new link, valid for its full time), at most once a minute. An expired
     * one counts against the member limit again, so it must fit.
     */
    async resend(caller: Caller, id: string): Promise<TeamMember> {
      const now = clock.now();
      const { companyId } = caller;
      if (!uuidPattern.test(id)) throw memberNotFound();
      const { token, tokenHash } = newToken();
      const claimed = await db.transaction(async (tx) => {
        await companies.lockName(tx, companyId);
        const open = await team.openInvitation(tx, companyId, id);
        if (!open) {
          throw new DomainError('entityNotFound', 'No such open invitation in your company', {
            field: 'member',
          });
        }
        const waitMs = (open.last_sent_at?.getTime() ?? 0) + resendMs - now.getTime();
        if (open.last_sent_at && waitMs > 0) {
          throw new DomainError(
            'tooManyAttempts',
            `The invitation to ${open.email} was sent less than a minute ago; try again in ${Math.max(1, Math.ceil(waitMs / 1000))} seconds`,
          );
        }
        if (open.expires_at <= now) await assertRoomForInvitation(tx, companyId, now);
        const renewed = await team.renewInvitation(tx, companyId, id, {
          tokenHash,
          now,
          expiresAt: new Date(now.getTime() + validMs),
        });
        if (!renewed) throw memberNotFound();
        return renewed;
      });
      const roles = await team.roles(db, companyId);
      const { name: companyName } = await companies.detail(companyId);
      try {
        await mailInvitation(caller, companyName, claimed.email, token);
      } catch (error) {
        await team.markUnsent(companyId, claimed.id);
        throw error;
      }
      return invitationView(claimed, roles, now);
    },

    /** Removes a member or cancels an invitation. Never oneself, never the last admin. */
    async remove(caller: Caller, id: string): Promise<{ removed: 'member' | 'invitation' }> {
      const { companyId } = caller;
      if (!uuidPattern.test(id)) throw memberNotFound();
      return db.transaction(async (tx) => {
        await companies.lockName(tx, companyId);
        const member = await users.memberOf(tx, companyId, id);
        if (member) {
          if (member.id === caller.userId) {
            throw new DomainError('modificationNotAllowed', 'You cannot remove yourself from the team');
          }
          if (member.role === 'ADMIN') {
            if (caller.role !== 'ADMIN') throw onlyAdminsGiveAdmin();
            if ((await users.countUsers(tx, companyId, 'ADMIN')) <= 1) {
              throw new DomainError(
                'modificationNotAllowed',
                `${member.email} is the last admin of the company`,
              );
            }
          }
          await users.deleteMember(tx, companyId, member.id);
          return { removed: 'member' as const };
        }
        const invitation = await team.openInvitation(tx, companyId, id);
        if (!invitation) throw memberNotFound();
        await team.deleteInvitation(tx, companyId, invitation.id);
        return { removed: 'invitation' as const };
      });
    },

    /** Gives a member (or an open invitation) another role; not one's own; an admin always stays. */
    async changeRole(caller: Caller, id: string, role: string): Promise<TeamMember> {
      const now = clock.now();
      const { companyId } = caller;
      if (!uuidPattern.test(id)) throw memberNotFound();
      return db.transaction(async (tx) => {
        await companies.lockName(tx, companyId);
        const member = await users.memberOf(tx, companyId, id);
        const invitation = member ? undefined : await team.openInvitation(tx, companyId, id);
        if (!member && !invitation) throw memberNotFound();
        await givableRole(team, tx, caller, role, offered);
        const roles = await team.roles(tx, companyId);
        if (invitation) {
          if (invitation.role === 'ADMIN' && caller.role !== 'ADMIN') throw onlyAdminsGiveAdmin();
          await team.reassignInvitation(tx, companyId, invitation.id, role);
          return invitationView({ ...invitation, role }, roles, now);
        }
        if (!member) throw memberNotFound();
        if (member.id === caller.userId) {
          throw new DomainError('modificationNotAllowed', 'You cannot change your own role');
        }
        if (member.role === 'ADMIN' && role !== 'ADMIN') {
          if (caller.role !== 'ADMIN') throw onlyAdminsGiveAdmin();
          if ((await users.countUsers(tx, companyId, 'ADMIN')) <= 1) {
            throw new DomainError(
              'modificationNotAllowed',
              `${member.email} is the last admin of the company: make another member admin first`,
            );
          }
        }
        await users.setRole(tx, companyId, member.id, role);
        return memberView({ ...member, role }, roles, caller);
      });
    },

    /** The public invitation page: what the link invites to; 404 when the link is not (or no longer) valid. */
    async lookup(token: string) {
      const row = await team.byToken(db, hashToken(token));
      const refusal = row ? linkRefusal(row, clock.now(), 'entityNotFound') : undefined;
      if (!row) throw invalidLink();
      if (refusal) throw refusal;
      return {
        companyName: (await companies.detail(row.company_id)).name,
        email: row.email,
        role: row.role,
        roleName: row.role_name,
        expiresAt: row.expires_at.toISOString(),
      };
    },

    /** Accepts an invitation: the user is created, validated, in the company with the role. */
    async accept(input: { id: string; fullname: string; password: string }) {
      const now = clock.now();
      const tokenHash = hashToken(input.id);
      const peek = await team.byToken(db, tokenHash);
      if (!peek) throw invalidLink();
      const early = linkRefusal(peek, now);
      if (early) throw early;
      const passwordHash = await passwords.hash(input.password);
      const accepted = await db.transaction(async (tx) => {
        // The company row first, as every team change takes it: the member limit holds under concurrent accepts.
        const companyName = await companies.lockName(tx, peek.company_id);
        const row = await team.byToken(tx, tokenHash, true);
        if (!row || row.company_id !== peek.company_id) throw invalidLink();
        const refusal = linkRefusal(row, now);
        if (refusal) throw refusal;
        const limit = await team.memberLimit(tx, row.company_id);
        if (limit !== -1 && (await users.countUsers(tx, row.company_id)) >= limit) {
          throw new DomainError(
            'quotaExceeded',
            `${companyName} has reached its plan limit of ${limit} members: ask your team admin to make room, ` +
              'then accept the invitation again',
            { field: 'invitation', feature: 'team', subfeature: 'members' },
          );
        }
        const userId = await users.insertMember(tx, {
          companyId: row.company_id,
          email: row.email,
          passwordHash,
          role: row.role,
          fullname: input.fullname,
          now,
        });
        await team.markAccepted(tx, row.id, userId, now);
        return { email: row.email, companyId: row.company_id };
      });
      // Read after the commit: the company store answers on its own connection.
      return { email: accepted.email, companyName: (await companies.detail(accepted.companyId)).name };
    },
  };
}

function invalidLink() {
  return new DomainError(
    'entityNotFound',
    'This invitation link is not valid: it may have been cancelled, or replaced by a newer invitation mail',
    { field: 'invitation' },
  );
}

/** Why an invitation link cannot be used now (undefined: it can). */
function linkRefusal(
  row: { accepted_at: Date | null; expires_at: Date },
  now: Date,
  code: 'entityNotFound' | 'default' = 'default',
): DomainError | undefined {
  if (row.accepted_at) {
    return new DomainError(
      code === 'entityNotFound' ? code : 'linkUsed',
      'This invitation was already accepted: sign in with its email address',
      { field: 'invitation' },
    );
  }
  if (row.expires_at <= now) {
    return new DomainError(
      code === 'entityNotFound' ? code : 'state',
      'This invitation has expired: ask your team admin to send it again',
      { field: 'invitation' },
    );
  }
  return undefined;
}
