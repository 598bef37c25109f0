import type { Permission } from '@app/contract/accounts/team';

/** How far a console session is signed in: waiting for its second factor, or fully. */
export type SessionStage = '2fa' | 'full';

/**
 * Who is calling with a console session token; every query of a signed-in route is scoped by these ids,
 * never by ids from the request. Shared by the auth module, which makes it, and the transports, which carry it.
 */
export interface AuthSession {
  sessionId: string;
  userId: string;
  companyId: string;
  role: string;
  /** What the user's role may change (reading is never restricted); see contract/src/accounts/team.ts. */
  permissions: readonly Permission[];
  stage: SessionStage;
}
