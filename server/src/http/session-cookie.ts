import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Cookie vendors (§7: bearer token on calls "unless the vendor uses cookies") send
 * `X-Auth-Mode: cookie` on every call. The token then travels in an HttpOnly, SameSite=Strict
 * cookie, and is read only together with that header: a cross-site form cannot set a custom header,
 * so the header is the CSRF guard, with SameSite as a second one.
 */
export const cookieName = 'token';

export function usesCookieAuth(request: FastifyRequest): boolean {
  return request.headers['x-auth-mode'] === 'cookie';
}

function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  options: { secure: boolean; maxAgeSeconds: number },
): void {
  if (!usesCookieAuth(request)) return;
  reply.setCookie(cookieName, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secure,
    path: '/',
    maxAge: options.maxAgeSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[cookieName]) reply.clearCookie(cookieName, { path: '/' });
}

/** Hands a new session token to a cookie-mode client as its cookie (no-op for bearer clients). */
export function giveSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  options: { publicUrl: string; lifetimeMs: number },
): void {
  setSessionCookie(request, reply, token, {
    secure: options.publicUrl.startsWith('https:'),
    maxAgeSeconds: Math.floor(options.lifetimeMs / 1000),
  });
}
