import { envelope, signinBody, signinData } from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { appError } from '../../http/errors.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import { clearFailedSignins, recordFailedSignin } from './lockout.ts';
import { giveSessionCookie } from './session-cookie.ts';
import { activeSessions, revokeUserSessions, startSession } from './sessions.ts';

interface SigninUser {
  id: string;
  password_hash: string | null;
  validated: boolean;
  totp_enabled: boolean;
  locked_until: Date | null;
}

const wrongCredentials = () => appError(400, 'wrongCredentials', 'Email address or password is incorrect');

export function signinRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/signin',
      {
        config: rateLimited,
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password',
          description:
            'With 2FA enabled the token is at the second-factor stage (twoFactor: true) until /users/validate-2fa. ' +
            'If the account already has a live session, answers 409 signInConfirm (signInConfirmMode1 when it was ' +
            'used in the last 2 minutes) unless logoutFromOthers is true, which ends the other sessions.',
          body: signinBody,
          response: { 200: envelope(signinData) },
        },
      },
      async (request, reply) => {
        const { email, password, logoutFromOthers, captcha } = request.body;
        await ctx.captcha.verify(captcha, request.ip);
        const now = ctx.clock.now();
        const user = await ctx.db.maybeOne<SigninUser>(
          'SELECT id, password_hash, validated, totp_enabled, locked_until FROM users WHERE lower(email) = $1',
          [email],
        );
        if (!user) {
          await ctx.passwords.verify(null, password);
          throw wrongCredentials();
        }
        if (user.locked_until && user.locked_until > now) {
          throw appError(429, 'tooManyAttempts', 'Too many failed sign-in attempts, try again in 15 minutes');
        }
        if (!(await ctx.passwords.verify(user.password_hash, password))) {
          await recordFailedSignin(ctx.db, user.id, now);
          throw wrongCredentials();
        }
        await clearFailedSignins(ctx.db, user.id);
        if (!user.validated) {
          throw appError(403, 'emailNotValidated', 'Please confirm your email address first');
        }
        const active = await activeSessions(ctx.db, user.id, now);
        if (active.count > 0) {
          if (!logoutFromOthers) {
            throw appError(
              409,
              active.recentlyUsed ? 'signInConfirmMode1' : 'signInConfirm',
              'This account is signed in on another device. Sign in here and log out the other sessions?',
            );
          }
          await revokeUserSessions(ctx.db, user.id, 'forced', now);
        }
        const stage = user.totp_enabled ? '2fa' : 'full';
        const accessToken = await startSession(ctx.db, ctx.tokens, user.id, stage, now);
        giveSessionCookie(ctx, request, reply, accessToken, stage);
        return { data: { accessToken, twoFactor: stage === '2fa' } };
      },
    );
  };
}
