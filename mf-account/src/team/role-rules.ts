import {
  type MyPermissions,
  type Permission,
  permissionLabels,
  permissionsNotHeld,
  type TeamRole,
} from '@app/contract';
import { buildPermissions } from '@app/shared';

// What the server refuses in the team and role editors, said beside the control before anyone clicks.

/** Why the signed-in user may not give `role` to a member or an invitation; undefined when they may. */
export function giveRoleRefusal(
  role: Pick<TeamRole, 'id' | 'permissions'>,
  mine: MyPermissions | null,
): string | undefined {
  if (!mine) return 'Your role is still loading';
  if (role.id === 'ADMIN' && mine.role !== 'ADMIN') return 'Only an admin can give the Admin role';
  const beyond = permissionsNotHeld(mine.permissions, role.permissions, buildPermissions());
  if (beyond.length === 0) return undefined;
  return `It gives permissions you do not hold (${permissionLabels(beyond)})`;
}

/** The roles the signed-in user may give. */
export const givableRoles = (roles: readonly TeamRole[], mine: MyPermissions | null): TeamRole[] =>
  roles.filter((role) => giveRoleRefusal(role, mine) === undefined);

/** Why a permission cannot be ticked in a new role; undefined when it can. */
export const permissionRefusal = (permission: Permission, mine: MyPermissions | null): string | undefined =>
  mine?.permissions.includes(permission)
    ? undefined
    : 'You do not hold this permission, so you cannot give it';

/** Why a custom role cannot be deleted by the signed-in user; undefined when it can. */
export const deleteRoleRefusal = (
  role: Pick<TeamRole, 'id'>,
  mine: MyPermissions | null,
): string | undefined =>
  mine?.role === role.id
    ? 'You hold this role: another member who manages the team can change it'
    : undefined;
