import { permissionsOfRole } from '@app/contract/accounts/team';
import type { AuthSession, SessionStage } from '../../auth-session.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import type { TokenService } from './tokens.ts';

export type { AuthSession };

const fullSessionMs = 7 * 24 * 60 * 60 * 1000;
const secondFactorStageMs = 10 * 60 * 1000;
/** A session used this recently makes a second sign-in answer signInConfirmMode1 (§4). */
const recentUseMs = 2 * 60 * 1000;

export type RevokeReason =
  | 'logout'
  | 'forced'
  | 'password_reset'
  | 'password_changed'
  | 'second_factor_failures';

export const sessionLifetimeMs = (stage: SessionStage) =>
  stage === 'full' ? fullSessionMs : secondFactorStageMs;

/**
 * A new session. `logoutOthers` (a second-factor stage only) ends the user's other sessions once
 * the second factor is right, not before: the password alone evicts nobody.
 */
export async function startSession(
  db: Db,
  tokens: TokenService,
  userId: string,
  stage: SessionStage,
  now: Date,
  options: { logoutOthers?: boolean } = {},
): Promise<string> {
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs(stage));
  const { id } = await db.one<{ id: string }>(
    `INSERT INTO sessions (user_id, stage, created_at, last_seen_at, expires_at, logout_others)
     VALUES ($1, $2, $3, $3, $4, $5) RETURNING id`,
    [userId, stage, now, expiresAt, stage === '2fa' && options.logoutOthers === true],
  );
  return tokens.signSession({ sessionId: id, userId, stage }, expiresAt);
}

/**
 * Second factor verified: the same session becomes full and gets a full-stage token; if its sign-in
 * asked (logoutFromOthers), the user's other sessions end now.
 */
export async function upgradeSession(
  db: Db,
  tokens: TokenService,
  session: AuthSession,
  now: Date,
): Promise<string> {
  const expiresAt = new Date(now.getTime() + fullSessionMs);
  await db.transaction(async (tx) => {
    const { logout_others: logoutOthers } = await tx.one<{ logout_others: boolean }>(
      "UPDATE sessions SET stage = 'full', expires_at = $2 WHERE id = $1 RETURNING logout_others",
      [session.sessionId, expiresAt],
    );
    if (logoutOthers) await revokeUserSessions(tx, session.userId, 'forced', now, session.sessionId);
  });
  return tokens.signSession(
    { sessionId: session.sessionId, userId: session.userId, stage: 'full' },
    expiresAt,
  );
}

/**
 * Counts a try at a code against the session waiting for its second factor, in one statement so
 * parallel tries cannot slip past `max`: the tries so far (this one included), or undefined when
 * the session has used up `max`.
 */
export async function countSecondFactorTry(db: Db, sessionId: string, max: number) {
  const counted = await db.maybeOne<{ tries: number }>(
    `UPDATE sessions SET second_factor_tries = second_factor_tries + 1
     WHERE id = $1 AND second_factor_tries < $2 RETURNING second_factor_tries AS tries`,
    [sessionId, max],
  );
  return counted?.tries;
}

export async function revokeSession(
  db: Db,
  sessionId: string,
  reason: RevokeReason,
  now: Date,
): Promise<void> {
  await db.query(
    'UPDATE sessions SET revoked_at = $2, revoked_reason = $3 WHERE id = $1 AND revoked_at IS NULL',
    [sessionId, now, reason],
  );
}

export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: RevokeReason,
  now: Date,
  exceptSessionId?: string,
): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = $2, revoked_reason = $3
     WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $4`,
    [userId, now, reason, exceptSessionId ?? null],
  );
}

/** The user's live full sessions: how many, and whether one was used in the last two minutes. */
export async function activeSessions(db: Db, userId: string, now: Date) {
  const row = await db.one<{ count: number; recent: number }>(
    `SELECT count(*)::int AS count, count(*) FILTER (WHERE last_seen_at > $3)::int AS recent
     FROM sessions
     WHERE user_id = $1 AND stage = 'full' AND revoked_at IS NULL AND expires_at > $2`,
    [userId, now, new Date(now.getTime() - recentUseMs)],
  );
  return { count: row.count, recentlyUsed: row.recent > 0 };
}

const revokedErrors: Record<RevokeReason, () => DomainError> = {
  logout: () => new DomainError('loggedOut', 'You have been logged out'),
  forced: () => new DomainError('forceOut', 'Your account was signed in on another device'),
  password_reset: () => new DomainError('sessionExpired', 'Session expired, please login again'),
  password_changed: () => new DomainError('sessionExpired', 'Session expired, please login again'),
  second_factor_failures: () => new DomainError('sessionExpired', 'Session expired, please login again'),
};

/** What a request with a session revoked for `reason` is answered. */
export const revokedError = (reason: RevokeReason) => revokedErrors[reason]();

interface SessionRow {
  user_id: string;
  company_id: string;
  role: string;
  role_permissions: string[];
  stage: SessionStage;
  expires_at: Date;
  revoked_reason: RevokeReason | null;
}

/** Checks a bearer token against its session row (one round trip, which also records the use). */
export async function authenticateToken(
  db: Db,
  tokens: TokenService,
  token: string,
  now: Date,
): Promise<AuthSession> {
  const claims = await tokens.verifySession(token);
  const row = await db.maybeOne<SessionRow>(
    `UPDATE sessions s SET last_seen_at = CASE WHEN s.revoked_at IS NULL THEN $2 ELSE s.last_seen_at END
     FROM users u JOIN team_roles r ON r.id = u.role
     WHERE s.id = $1 AND s.user_id = $3 AND u.id = s.user_id
     RETURNING s.user_id, u.company_id, u.role, r.permissions AS role_permissions, s.stage, s.expires_at,
       s.revoked_reason`,
    [claims.sessionId, now, claims.userId],
  );
  if (!row) throw new DomainError('tokenException', 'Error parsing jwt token');
  if (row.revoked_reason) throw revokedError(row.revoked_reason);
  if (row.expires_at <= now) throw new DomainError('sessionExpired', 'Session expired, please login again');
  // A second-factor token stays at that stage even after its session was upgraded by another token.
  if (claims.stage !== row.stage) throw new DomainError('tokenException', 'Error parsing jwt token');
  return {
    sessionId: claims.sessionId,
    userId: row.user_id,
    companyId: row.company_id,
    role: row.role,
    permissions: permissionsOfRole(row.role, row.role_permissions),
    stage: row.stage,
  };
}

/**
 * A session by its id, without its token (what an embed token made with it checks): its user's company and
 * permissions now, or undefined once it was logged out, revoked or expired, or is not fully signed in.
 */
export async function liveSession(
  db: Db,
  sessionId: string,
  now: Date,
): Promise<Pick<AuthSession, 'sessionId' | 'userId' | 'companyId' | 'role' | 'permissions'> | undefined> {
  const row = await db.maybeOne<Pick<SessionRow, 'user_id' | 'company_id' | 'role' | 'role_permissions'>>(
    `SELECT s.user_id, u.company_id, u.role, r.permissions AS role_permissions
     FROM sessions s JOIN users u ON u.id = s.user_id JOIN team_roles r ON r.id = u.role
     WHERE s.id = $1 AND s.stage = 'full' AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [sessionId, now],
  );
  if (!row) return undefined;
  return {
    sessionId,
    userId: row.user_id,
    companyId: row.company_id,
    role: row.role,
    permissions: permissionsOfRole(row.role, row.role_permissions),
  };
}
