import {
  type CreateRoleBody,
  isBuiltInRole,
  type MyPermissions,
  permissionsOfRole,
  type TeamRole,
} from '@app/contract/accounts/team';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import {
  assertMayGive,
  type Caller,
  givableRole,
  ownRoleRefusal,
  roleNotFound,
  roleView,
} from './team-rules.ts';
import type { TeamServiceDeps } from './team-types.ts';

export type RoleChanges = { name?: string | undefined; permissions?: string[] | undefined };

/**
 * §3 Role and §6: the company's roles, built-in (Admin, Member) and custom, created, changed and deleted
 * one by one or saved at once by the roles editor; a deleted role's members get a replacement.
 */
export function createRoleService(
  deps: Pick<TeamServiceDeps, 'db' | 'clock' | 'users' | 'companies' | 'team' | 'offered'>,
) {
  const { db, clock, users, companies, team, offered } = deps;

  async function roleHolders(tx: Db, companyId: string, role: string): Promise<number> {
    const invited = (await team.openInvitations(tx, companyId)).filter((row) => row.role === role).length;
    return (await users.countUsers(tx, companyId, role)) + invited;
  }

  async function listRoles(companyId: string): Promise<TeamRole[]> {
    const roles = await team.roles(db, companyId);
    const counts = await users.roleCounts(db, companyId);
    return roles.map((role) => roleView(role, counts.get(role.id) ?? 0));
  }

  /** Runs `fn` in a transaction holding the company row: one company's team changes run one at a time. */
  function inCompany<T>(companyId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await companies.lockName(tx, companyId);
      return fn(tx);
    });
  }

  async function createRoleIn(tx: Db, caller: Caller, body: CreateRoleBody): Promise<TeamRole> {
    assertMayGive(caller, body.permissions, offered);
    const role = await team.insertRole(tx, {
      companyId: caller.companyId,
      name: body.name,
      permissions: [...new Set(body.permissions)],
      now: clock.now(),
    });
    return roleView(role, 0);
  }

  async function updateRoleIn(tx: Db, caller: Caller, id: string, body: RoleChanges): Promise<TeamRole> {
    const { companyId } = caller;
    if (isBuiltInRole(id)) {
      throw new DomainError(
        'modificationNotAllowed',
        'The built-in roles Admin and Member cannot be changed',
      );
    }
    const current = await team.role(tx, companyId, id);
    if (!current) throw roleNotFound();
    if (id === caller.role) throw ownRoleRefusal('change', current.name);
    // Taking permissions away gives nothing: only the ones added must be the caller's.
    if (body.permissions) {
      assertMayGive(
        caller,
        body.permissions.filter((permission) => !current.permissions.includes(permission)),
        offered,
      );
    }
    const role = await team.updateRole(tx, companyId, id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.permissions === undefined ? {} : { permissions: [...new Set(body.permissions)] }),
      now: clock.now(),
    });
    if (!role) throw roleNotFound();
    return roleView(role, await users.countUsers(tx, companyId, id));
  }

  async function deleteRoleIn(tx: Db, caller: Caller, id: string, replacementRoleId: string | undefined) {
    const { companyId } = caller;
    if (isBuiltInRole(id)) {
      throw new DomainError(
        'modificationNotAllowed',
        'The built-in roles Admin and Member cannot be deleted',
      );
    }
    const role = await team.role(tx, companyId, id);
    if (!role || role.company_id === null) throw roleNotFound();
    // Its holders would get the replacement: the caller's own role too.
    if (id === caller.role) throw ownRoleRefusal('delete', role.name);
    const holders = await roleHolders(tx, companyId, id);
    if (replacementRoleId !== undefined) {
      if (replacementRoleId === id) {
        throw new DomainError('invalidRole', 'Choose another role as the replacement', {
          field: 'replacementRoleId',
          value: replacementRoleId,
        });
      }
      await givableRole(team, tx, caller, replacementRoleId, offered);
    } else if (holders > 0) {
      throw new DomainError(
        'invalidRole',
        `${holders} member${holders === 1 ? ' holds' : 's hold'} the role ${role.name}: choose the role they get instead (replacementRoleId)`,
        { field: 'replacementRoleId' },
      );
    }
    const reassigned =
      replacementRoleId === undefined ? 0 : await users.reassignRole(tx, companyId, id, replacementRoleId);
    await team.reassignInvitations(tx, companyId, id, replacementRoleId ?? 'MEMBER');
    await team.deleteRole(tx, companyId, id);
    return { deleted: id, reassigned };
  }

  return {
    roles: listRoles,

    /** A custom role made only of permissions the caller holds. */
    async createRole(caller: Caller, body: CreateRoleBody): Promise<TeamRole> {
      return inCompany(caller.companyId, (tx) => createRoleIn(tx, caller, body));
    },

    /** Renames a custom role or changes its permissions: never the caller's own, never adding one it lacks. */
    async updateRole(caller: Caller, id: string, body: RoleChanges): Promise<TeamRole> {
      return inCompany(caller.companyId, (tx) => updateRoleIn(tx, caller, id, body));
    },

    /** Deletes a custom role; its members and invitations get `replacementRoleId`, required when there are any. */
    async deleteRole(caller: Caller, id: string, replacementRoleId: string | undefined) {
      return inCompany(caller.companyId, (tx) => deleteRoleIn(tx, caller, id, replacementRoleId));
    },

    /**
     * §3 Role: the roles editor's created, updated and deleted lists saved at once (all or nothing); members
     * of deleted roles get `replacementRoleId`. Answers the roles after the change.
     */
    async saveRoles(
      caller: Caller,
      changes: {
        created: CreateRoleBody[];
        updated: Array<RoleChanges & { id: string }>;
        deleted: string[];
        replacementRoleId?: string | undefined;
      },
    ): Promise<TeamRole[]> {
      const { companyId } = caller;
      await inCompany(companyId, async (tx) => {
        for (const id of changes.deleted) await deleteRoleIn(tx, caller, id, changes.replacementRoleId);
        for (const { id, ...body } of changes.updated) await updateRoleIn(tx, caller, id, body);
        for (const body of changes.created) await createRoleIn(tx, caller, body);
      });
      return listRoles(companyId);
    },

    /** What the caller's role may change (reading is never restricted). */
    async permissionsOf(caller: Caller): Promise<MyPermissions> {
      const role = await team.role(db, caller.companyId, caller.role);
      return {
        role: caller.role,
        roleName: role?.name ?? caller.role,
        permissions: permissionsOfRole(caller.role, role?.permissions ?? []),
      };
    },
  };
}
