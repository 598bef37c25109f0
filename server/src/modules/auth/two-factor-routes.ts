import {
  accessTokenData,
  checkTokenData,
  envelope,
  secondFactorBody,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorSetupData,
  twoFactorStateData,
} from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.ts';
import { bearerSecurity, sessionOf } from '../../http/auth.ts';
import { appError, invalidField } from '../../http/errors.ts';
import { giveSessionCookie } from './session-cookie.ts';
import { revokeSession, upgradeSession } from './sessions.ts';
import { checkTotp, newTotpSecret, totpUri } from './totp.ts';

const maxCodeFailures = 5;

const invalidCode = () => appError(400, 'secondFactorInvalid', 'The authentication code is invalid');

interface TotpUser {
  email: string;
  password_hash: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled: boolean;
}

export function twoFactorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const loadUser = (userId: string) =>
    ctx.db.one<TotpUser>(
      'SELECT email, password_hash, totp_secret, totp_pending_secret, totp_enabled FROM users WHERE id = $1',
      [userId],
    );

  return async (app) => {
    app.get(
      '/checkToken-2FA',
      {
        preHandler: ctx.guards.anyStage,
        schema: {
          tags: ['auth'],
          summary: 'true while the token waits for its second factor; false once fully signed in',
          security: bearerSecurity,
          response: { 200: envelope(checkTokenData) },
        },
      },
      async (request) => ({ data: sessionOf(request).stage === '2fa' }),
    );

    app.post(
      '/users/validate-2fa',
      {
        preHandler: ctx.guards.secondFactor,
        schema: {
          tags: ['auth'],
          summary: 'Verify the authenticator code; returns a full token for the same session',
          description: `${maxCodeFailures} wrong codes end the session.`,
          security: bearerSecurity,
          body: secondFactorBody,
          response: { 200: envelope(accessTokenData) },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const now = ctx.clock.now();
        const user = await loadUser(session.userId);
        if (!user.totp_secret || !checkTotp(user.totp_secret, request.body.code, now)) {
          const { second_factor_failures: failures } = await ctx.db.one<{ second_factor_failures: number }>(
            `UPDATE sessions SET second_factor_failures = second_factor_failures + 1
             WHERE id = $1 RETURNING second_factor_failures`,
            [session.sessionId],
          );
          if (failures >= maxCodeFailures) {
            await revokeSession(ctx.db, session.sessionId, 'second_factor_failures', now);
          }
          throw invalidCode();
        }
        const accessToken = await upgradeSession(ctx.db, ctx.tokens, session, now);
        giveSessionCookie(ctx, request, reply, accessToken, 'full');
        return { data: { accessToken } };
      },
    );

    app.post(
      '/users/2fa/setup',
      {
        preHandler: ctx.guards.full,
        schema: {
          tags: ['auth'],
          summary: 'Start 2FA enrolment: a new TOTP secret (pending until /users/2fa/enable)',
          security: bearerSecurity,
          response: { 200: envelope(twoFactorSetupData) },
        },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        const user = await loadUser(userId);
        if (user.totp_enabled) throw appError(409, 'state', 'Two-factor authentication is already enabled');
        const secret = newTotpSecret();
        await ctx.db.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [userId, secret]);
        const otpauthUrl = totpUri(secret, user.email);
        return { data: { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl) } };
      },
    );

    app.post(
      '/users/2fa/enable',
      {
        preHandler: ctx.guards.full,
        schema: {
          tags: ['auth'],
          summary: 'Finish 2FA enrolment with a code from the authenticator app',
          security: bearerSecurity,
          body: twoFactorEnableBody,
          response: { 200: envelope(twoFactorStateData) },
        },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        const user = await loadUser(userId);
        if (!user.totp_pending_secret) throw appError(409, 'state', 'Start the two-factor setup first');
        if (!checkTotp(user.totp_pending_secret, request.body.code, ctx.clock.now())) throw invalidCode();
        await ctx.db.query(
          `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled = true
           WHERE id = $1`,
          [userId],
        );
        return { data: { enabled: true } };
      },
    );

    app.post(
      '/users/2fa/disable',
      {
        preHandler: ctx.guards.full,
        schema: {
          tags: ['auth'],
          summary: 'Turn 2FA off (password and a current code required)',
          security: bearerSecurity,
          body: twoFactorDisableBody,
          response: { 200: envelope(twoFactorStateData) },
        },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        const user = await loadUser(userId);
        if (!user.totp_enabled || !user.totp_secret) {
          throw appError(409, 'state', 'Two-factor authentication is not enabled');
        }
        if (!(await ctx.passwords.verify(user.password_hash, request.body.password))) {
          throw invalidField('password', 'Password incorrect');
        }
        if (!checkTotp(user.totp_secret, request.body.code, ctx.clock.now())) throw invalidCode();
        await ctx.db.query(
          'UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled = false WHERE id = $1',
          [userId],
        );
        return { data: { enabled: false } };
      },
    );
  };
}
