import { createMemberService } from './member-service.ts';
import { createRoleService } from './role-service.ts';
import type { TeamServiceDeps } from './team-types.ts';

export type { Caller } from './team-rules.ts';

/**
 * Team members, their invitations (member-service.ts) and the company's roles (role-service.ts), §3
 * Team and Role, §6. Every call is scoped by the caller's company; the company row lock serializes one
 * company's changes, so the last admin and the member limit hold under concurrent calls.
 */
export function createTeamService(deps: TeamServiceDeps) {
  return { ...createMemberService(deps), ...createRoleService(deps) };
}

export type TeamService = ReturnType<typeof createTeamService>;
