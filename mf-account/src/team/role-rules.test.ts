import type { MyPermissions, TeamRole } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { deleteRoleRefusal, givableRoles, giveRoleRefusal, permissionRefusal } from './role-rules.ts';

const role = (id: string, permissions: TeamRole['permissions']): TeamRole => ({
  id,
  name: id,
  builtIn: id === 'ADMIN' || id === 'MEMBER',
  permissions,
  members: 0,
});
const roles = [
  role('ADMIN', ['team.manage', 'apiKeys.manage', 'send']),
  role('MEMBER', ['send']),
  role('keys', ['apiKeys.manage']),
  role('viewer', []),
];
const lead: MyPermissions = { role: 'lead', roleName: 'Team lead', permissions: ['team.manage', 'send'] };
const admin: MyPermissions = {
  role: 'ADMIN',
  roleName: 'Admin',
  permissions: ['team.manage', 'apiKeys.manage', 'send'],
};

describe('the role rules the team editor shows', () => {
  it('gives only roles within the own permissions, the Admin role only as an admin', () => {
    expect(givableRoles(roles, lead).map((item) => item.id)).toEqual(['MEMBER', 'viewer']);
    expect(givableRoles(roles, admin).map((item) => item.id)).toEqual(['ADMIN', 'MEMBER', 'keys', 'viewer']);
    expect(giveRoleRefusal(roles[0] as TeamRole, lead)).toBe('Only an admin can give the Admin role');
    expect(giveRoleRefusal(roles[2] as TeamRole, lead)).toBe(
      'It gives permissions you do not hold (Manage API keys)',
    );
    expect(givableRoles(roles, null)).toEqual([]);
  });

  it('ticks only permissions one holds, and never deletes the role one holds', () => {
    expect(permissionRefusal('send', lead)).toBeUndefined();
    expect(permissionRefusal('apiKeys.manage', lead)).toMatch(/do not hold/);
    expect(deleteRoleRefusal({ id: 'lead' }, lead)).toMatch(/You hold this role/);
    expect(deleteRoleRefusal({ id: 'keys' }, lead)).toBeUndefined();
  });
});
