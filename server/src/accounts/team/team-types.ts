import type { Permission } from '@app/contract/accounts/team';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { CompanyStore } from '../company/company-store.ts';
import type { UserStore } from '../users/user-store.ts';
import type { TeamStore } from './team-store.ts';

/** What the team's services (members, invitations, roles) are built from. */
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
  /** The role permissions this build offers (buildPermissionsOf(APP_VARIANT)): only those are checked when given. */
  offered: readonly Permission[];
}
