import { type Permission, permissionLabel } from '@app/contract/accounts/team';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthSession, SessionStage } from '../auth-session.ts';
import { DomainError } from '../domain-error.ts';
import { cookieName, usesCookieAuth } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthSession | null;
  }
}

export type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * Route `onRequest` hooks: they run before the body is parsed and validated, so a call without a
 * good session gets 401 whatever its body.
 */
export interface AuthGuards {
  /** Signed in with the second factor done (or not enabled). */
  full: Guard;
  /** Only a token waiting for its second factor. */
  secondFactor: Guard;
  /** Any signed-in token, whatever its stage. */
  anyStage: Guard;
  /** Anonymous allowed; a token that is sent must still be good. */
  optional: Guard;
}

/** OpenAPI security requirement for routes behind a guard. */
export const bearerSecurity = [{ bearerAuth: [] }];

export function decorateAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

/** Bearer header first; the session cookie only for calls that say they use it (see session-cookie.ts). */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || undefined;
  return usesCookieAuth(request) ? request.cookies[cookieName] || undefined : undefined;
}

/** `authenticate` checks a token against its session and throws the domain error of a bad or ended one. */
export function createAuthGuards(authenticate: (token: string) => Promise<AuthSession>): AuthGuards {
  const guard =
    (stages: SessionStage[], required: boolean): Guard =>
    async (request) => {
      const token = tokenOf(request);
      if (!token) {
        if (required) throw new DomainError('loggedOut', 'Please sign in');
        return;
      }
      const session = await authenticate(token);
      if (!stages.includes(session.stage)) {
        throw session.stage === '2fa'
          ? new DomainError('secondFactorRequired', 'Enter the code from your authenticator app first')
          : new DomainError('state', 'The second factor is already verified');
      }
      request.auth = session;
    };
  return {
    full: guard(['full'], true),
    secondFactor: guard(['2fa'], true),
    anyStage: guard(['2fa', 'full'], true),
    optional: guard(['2fa', 'full'], false),
  };
}

/** The caller's session in a route behind a guard. */
export function sessionOf(request: FastifyRequest): AuthSession {
  if (!request.auth) throw new DomainError('loggedOut', 'Please sign in');
  return request.auth;
}

/** The refusal of a change the caller's role does not allow (403 notAuthorized). */
export function notAuthorized(permission: Permission): DomainError {
  return new DomainError(
    'notAuthorized',
    `Your role does not allow this: ${permissionLabel[permission].toLowerCase()}`,
    { subfeature: permission },
  );
}

/**
 * A route hook after a guard: the session's role must hold `permission` (contract/src/accounts/team.ts),
 * else 403 notAuthorized. Use it on every console route that changes what the permission covers.
 */
export const requirePermission =
  (permission: Permission): Guard =>
  async (request) => {
    if (!sessionOf(request).permissions.includes(permission)) throw notAuthorized(permission);
  };
