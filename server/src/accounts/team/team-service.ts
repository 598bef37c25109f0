import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { CompanyStore } from '../company/company-store.ts';
import type { UserStore } from '../users/user-store.ts';
import { createMemberService } from './member-service.ts';
import { createRoleService } from './role-service.ts';
import type { TeamStore } from './team-store.ts';

export type { Caller } from './team-rules.ts';

export interface TeamServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  passwords: Pick<PasswordHasher, 'hash'>;
  users: Pick<
    UserStore,
    | 'companyMembers'
    | 'memberOf'
    | 'countUsers'
    | 'roleCounts'
    | 'setRole'
    | 'reassignRole'
    | 'deleteMember'
    | 'insertMember'
    | 'emailTaken'
    | 'profile'
  >;
  companies: Pick<CompanyStore, 'lockName' | 'detail'>;
  team: TeamStore;
}

/**
 * Team members, their invitations (member-service.ts) and the company's roles (role-service.ts), §3
 * Team and Role, §6. Every call is scoped by the caller's company; the company row lock serializes one
 * company's changes, so the last admin and the member limit hold under concurrent calls.
 */
export function createTeamService(deps: TeamServiceDeps) {
  return { ...createMemberService(deps), ...createRoleService(deps) };
}

export type TeamService = ReturnType<typeof createTeamService>;
