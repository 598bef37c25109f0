import { randomUUID } from 'node:crypto';
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { SessionStage } from '../../auth-session.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';

export type { SessionStage };

export interface SessionClaims {
  sessionId: string;
  userId: string;
  stage: SessionStage;
}

/** Signed, self-contained tokens for purposes other than sessions (email links). */
export type TokenPurpose = 'validate';

export interface TokenService {
  signSession(claims: SessionClaims, expiresAt: Date): Promise<string>;
  /** Throws 401 tokenException (bad token) or sessionExpired. */
  verifySession(token: string): Promise<SessionClaims>;
  sign(purpose: TokenPurpose, claims: Record<string, string>, ttlSeconds: number): Promise<string>;
  /** Returns undefined for a bad, expired or other-purpose token. */
  verify(purpose: TokenPurpose, token: string): Promise<Record<string, unknown> | undefined>;
}

export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  const signJwt = (payload: JWTPayload, expiresAt: number) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(seconds(clock.now()))
      .setExpirationTime(expiresAt)
      .sign(key);

  const verifyJwt = async (token: string) =>
    (await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock.now() })).payload;

  return {
    signSession: (claims, expiresAt) =>
      signJwt(
        { pur: 'session', sid: claims.sessionId, sub: claims.userId, stage: claims.stage },
        seconds(expiresAt),
      ),

    verifySession: async (token) => {
      let payload: JWTPayload;
      try {
        payload = await verifyJwt(token);
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          throw new DomainError('sessionExpired', 'Session expired, please login again');
        }
        throw new DomainError('tokenException', 'Error parsing jwt token');
      }
      const { pur, sid, sub, stage } = payload;
      if (
        pur !== 'session' ||
        typeof sid !== 'string' ||
        typeof sub !== 'string' ||
        (stage !== '2fa' && stage !== 'full')
      ) {
        throw new DomainError('tokenException', 'Error parsing jwt token');
      }
      return { sessionId: sid, userId: sub, stage };
    },

    // jti keeps two links signed in the same second distinct (their hashes are primary keys).
    sign: (purpose, claims, ttlSeconds) =>
      signJwt({ ...claims, pur: purpose, jti: randomUUID() }, seconds(clock.now()) + ttlSeconds),

    verify: async (purpose, token) => {
      try {
        const payload = await verifyJwt(token);
        return payload.pur === purpose ? payload : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
