import {
  builtInRoleNames,
  isBuiltInRole,
  type Permission,
  permissionLabels,
  permissionsNotHeld,
  permissionsOfRole,
  type TeamRole,
} from '@app/contract/accounts/team';
import type { AuthSession } from '../../auth-session.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import type { RoleRow, TeamStore } from './team-store.ts';

// What the member and role services share: the caller, the refusals, and what a role may be given.

export type Caller = Pick<AuthSession, 'userId' | 'companyId' | 'role' | 'permissions'>;

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

/** Nobody changes their own role, neither directly nor by changing or deleting the custom role they hold. */
export const ownRoleRefusal = (verb: 'change' | 'delete', name: string) =>
  new DomainError(
    'modificationNotAllowed',
    `You cannot ${verb} the role you hold (${name}): ask another member who manages the team`,
  );

/** Nobody gives a permission they do not hold (403 notAuthorized naming them); an admin holds them all. */
export function assertMayGive(
  caller: Caller,
  given: readonly string[],
  offered: readonly Permission[],
): void {
  const beyond = permissionsNotHeld(caller.permissions, given, offered);
  if (beyond.length === 0) return;
  throw new DomainError(
    'notAuthorized',
    `Your role does not allow this: you cannot give permissions you do not hold (${permissionLabels(beyond)})`,
    { field: 'permissions', value: beyond },
  );
}

export const roleName = (roles: readonly RoleRow[], id: string) =>
  roles.find((role) => role.id === id)?.name ?? (isBuiltInRole(id) ? builtInRoleNames[id] : id);

/**
 * A role the company has (else 400 invalidRole) that the caller may give: the Admin role only by an admin,
 * any other only when the caller holds every permission it gives (else 403 notAuthorized).
 */
export async function givableRole(
  team: Pick<TeamStore, 'role'>,
  tx: Db,
  caller: Caller,
  role: string,
  offered: readonly Permission[],
): Promise<RoleRow> {
  const found = await team.role(tx, caller.companyId, role);
  if (!found) throw invalidRole(role);
  if (role === 'ADMIN' && caller.role !== 'ADMIN') throw onlyAdminsGiveAdmin();
  const beyond = permissionsNotHeld(
    caller.permissions,
    permissionsOfRole(found.id, found.permissions),
    offered,
  );
  if (beyond.length > 0) {
    throw new DomainError(
      'notAuthorized',
      `Your role does not allow this: the role ${found.name} gives permissions you do not hold (${permissionLabels(beyond)})`,
      { field: 'role', value: role },
    );
  }
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
