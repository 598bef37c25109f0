import {
  builtInRoleNames,
  isBuiltInRole,
  permissionsOfRole,
  type TeamRole,
} from '@app/shared/api/contract/team';
import type { AuthSession } from '../../auth-session.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import type { RoleRow, TeamStore } from './team-store.ts';

// What the member and role services share: the caller, the refusals, and what a role may be given.

export type Caller = Pick<AuthSession, 'userId' | 'companyId' | 'role'>;

export const memberNotFound = () =>
  new DomainError('entityNotFound', 'No such team member or invitation in your company', { field: 'member' });
export const roleNotFound = () =>
  new DomainError('entityNotFound', 'No such role in your company', { field: 'role' });
export const invalidRole = (role: string) =>
  new DomainError('invalidRole', `Role is invalid: your company has no role ${role}`, {
    field: 'role',
    value: role,
  });
export const onlyAdminsGiveAdmin = () =>
  new DomainError(
    'notAuthorized',
    'Your role does not allow this: only an admin can give or take the Admin role',
  );

export const roleName = (roles: readonly RoleRow[], id: string) =>
  roles.find((role) => role.id === id)?.name ?? (isBuiltInRole(id) ? builtInRoleNames[id] : id);

/** A role the company may give, or 400 invalidRole; the Admin role only by an admin. */
export async function givableRole(
  team: Pick<TeamStore, 'role'>,
  tx: Db,
  caller: Caller,
  role: string,
): Promise<RoleRow> {
  const found = await team.role(tx, caller.companyId, role);
  if (!found) throw invalidRole(role);
  if (role === 'ADMIN' && caller.role !== 'ADMIN') throw onlyAdminsGiveAdmin();
  return found;
}

export function roleView(role: RoleRow, members: number): TeamRole {
  return {
    id: role.id,
    name: role.name,
    builtIn: role.company_id === null,
    permissions: permissionsOfRole(role.id, role.permissions),
    members,
  };
}
