import { permissionLabel } from '@app/contract/accounts/team';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthSession } from '../auth-session.ts';
import { type ApiKeyGrant, holdsGrant, permissionForGrant, sessionGrants } from '../grants.ts';
import type { Principal } from '../principal.ts';
import { forbidden, sparkpostError, unauthorized } from './sparkpost-errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** What `/api/v1` needs to know its callers (the engine's stores provide it; wired in app.ts). */
export interface PrincipalDeps {
  /** The API key with this secret, if it exists and may be used from `remoteAddress`. */
  checkKey(
    secret: string,
    remoteAddress: string,
  ): Promise<
    | { ok: true; key: { id: string; companyId: string; subaccountId: number; grants: readonly string[] } }
    | { ok: false; reason: 'unknown' | 'ip' }
  >;
  /** A subaccount's status (undefined when the company has no such subaccount). */
  subaccountStatus(companyId: string, id: number): Promise<string | undefined>;
  /** A console bearer token's session. */
  authenticateSession(
    token: string,
  ): Promise<Pick<AuthSession, 'sessionId' | 'companyId' | 'stage' | 'permissions'>>;
}

export function decoratePrincipal(app: FastifyInstance): void {
  app.decorateRequest('principal', null);
}

/** The key from `Authorization: <key>` or `Basic base64(<key>:)`, as SparkPost clients send it. */
export function apiKeyOf(header: string): string | undefined {
  const value = header.trim();
  if (value.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(value.slice(6).trim(), 'base64').toString('utf8');
    const user = decoded.split(':')[0] ?? '';
    return user || undefined;
  }
  return value || undefined;
}

/** X-MSYS-SUBACCOUNT: a positive whole number, or absent. */
function subaccountHeader(request: FastifyRequest): number | undefined {
  const raw = request.headers['x-msys-subaccount'];
  if (raw === undefined || raw === '' || raw === '0') return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{1,15}$/.test(value)) {
    throw sparkpostError(
      400,
      'invalid data format/type',
      '1300',
      'X-MSYS-SUBACCOUNT must be a subaccount id',
    );
  }
  return Number(value);
}

export function createPrincipalResolver(deps: PrincipalDeps) {
  async function activeSubaccount(companyId: string, id: number): Promise<void> {
    const status = await deps.subaccountStatus(companyId, id);
    if (status === undefined) throw forbidden(`subaccount ${id} does not exist`);
    if (status !== 'active') throw forbidden(`subaccount ${id} is ${status}`);
  }

  async function base(request: FastifyRequest): Promise<Omit<Principal, 'isMaster'>> {
    const header = request.headers.authorization;
    if (!header) throw unauthorized('Send an API key in the Authorization header');
    if (header.toLowerCase().startsWith('bearer ')) {
      const session = await deps.authenticateSession(header.slice(7).trim());
      // What the session may change follows its role's permissions; it reads everything (requireGrant).
      const grants = sessionGrants(session.permissions);
      return {
        companyId: session.companyId,
        subaccountId: 0,
        grants,
        keyId: null,
        sessionId: session.sessionId,
      };
    }
    const secret = apiKeyOf(header);
    const check = secret
      ? await deps.checkKey(secret, request.ip)
      : ({ ok: false, reason: 'unknown' } as const);
    if (!check.ok) {
      if (check.reason === 'ip') throw forbidden(`this API key may not be used from ${request.ip}`);
      throw unauthorized('The API key is not valid');
    }
    const { key } = check;
    return {
      companyId: key.companyId,
      subaccountId: key.subaccountId,
      grants: key.grants,
      keyId: key.id,
      sessionId: null,
    };
  }

  return async function resolvePrincipal(request: FastifyRequest): Promise<void> {
    const caller = await base(request);
    const asSubaccount = subaccountHeader(request);
    if (caller.subaccountId !== 0) {
      if (asSubaccount !== undefined && asSubaccount !== caller.subaccountId) {
        throw forbidden("a subaccount's key cannot act for another subaccount");
      }
      await activeSubaccount(caller.companyId, caller.subaccountId);
      request.principal = { ...caller, isMaster: false };
      return;
    }
    if (asSubaccount !== undefined) {
      await activeSubaccount(caller.companyId, asSubaccount);
      request.principal = { ...caller, subaccountId: asSubaccount, isMaster: false };
      return;
    }
    request.principal = { ...caller, isMaster: true };
  };
}

/** The caller of an `/api/v1` route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized('Send an API key in the Authorization header');
  return request.principal;
}

export function hasGrant(principal: Principal, grant: ApiKeyGrant): boolean {
  return principal.grants === 'all' || holdsGrant(principal.grants, grant);
}

const reads = new Set(['GET', 'HEAD']);

type GrantCheck = (request: FastifyRequest) => Promise<void>;

/** The checks below: engineApi refuses them in preValidation and preHandler hooks, which run after the body is parsed. */
const grantChecks = new WeakSet<GrantCheck>();
const grantCheck = (check: GrantCheck): GrantCheck => {
  grantChecks.add(check);
  return check;
};

/** Is `hook` one of the caller checks below? */
export const isGrantCheck = (hook: unknown): boolean =>
  typeof hook === 'function' && grantChecks.has(hook as GrantCheck);

/**
 * Route onRequest hook: the caller's key must hold `grant`. A console session (no key) may read
 * everything its company has; a change needs the grant its role's permissions give (grants.ts
 * sessionGrants). As an onRequest hook it refuses before the body is read, let alone parsed.
 */
export const requireGrant = (grant: ApiKeyGrant) =>
  grantCheck(async (request: FastifyRequest) => {
    const principal = principalOf(request);
    if (hasGrant(principal, grant)) return;
    if (principal.keyId !== null) throw forbidden(`this API key lacks the ${grant} grant`);
    if (reads.has(request.method)) return;
    const permission = permissionForGrant(grant);
    throw forbidden(
      `Your role does not allow this: ${permission ? permissionLabel[permission].toLowerCase() : grant}`,
    );
  });

/** Route onRequest hook: only the master account (not a subaccount, not acting for one). */
export const requireMaster = grantCheck(async (request: FastifyRequest) => {
  if (!principalOf(request).isMaster) throw forbidden('only the master account may do this');
});
