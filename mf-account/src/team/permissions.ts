import type { MyPermissions, Permission } from '@app/contract';
import { useEffect, useState } from 'react';
import { teamApi } from './team-api.ts';

export interface PermissionState {
  loaded: boolean;
  mine: MyPermissions | null;
  /** Whether the caller's role allows `permission` (false until loaded). */
  can(permission: Permission): boolean;
}

/** The signed-in user's role and permissions, read once per page (GET /company/permissions). */
export function useMyPermissions(): PermissionState {
  const [mine, setMine] = useState<MyPermissions | null>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    teamApi
      .permissions()
      .then((data) => live && setMine(data))
      .catch(() => undefined)
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);
  return { loaded, mine, can: (permission) => Boolean(mine?.permissions.includes(permission)) };
}

/** Why a control is off for a role without `team.manage`. */
export const onlyTeamManagers = 'Only an admin (or a role that may manage the team) can do this.';
export const inviteRefusal = 'Only an admin can invite members.';
