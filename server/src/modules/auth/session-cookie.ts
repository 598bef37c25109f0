import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { setSessionCookie } from '../../http/session-cookie.ts';
import { sessionLifetimeMs } from './sessions.ts';
import type { SessionStage } from './tokens.ts';

/** Hands a new session token to a cookie-mode client as its cookie (no-op for bearer clients). */
export function giveSessionCookie(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  stage: SessionStage,
): void {
  setSessionCookie(request, reply, token, {
    secure: ctx.config.publicUrl.startsWith('https:'),
    maxAgeSeconds: Math.floor(sessionLifetimeMs(stage) / 1000),
  });
}
