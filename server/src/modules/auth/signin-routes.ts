import { envelope, signinBody, signinData } from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain-error.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import { giveSessionCookie } from './session-cookie.ts';
import { activeSessions, revokeUserSessions, startSession } from './sessions.ts';
import { clearFailedSignins, startSigninAttempt } from './signin-throttle.ts';

interface SigninUser {
  id: string;
  password_hash: string | null;
  validated: boolean;
  totp_enabled: boolean;
}

const wrongCredentials = () => new DomainError('wrongCredentials', 'Email address or password is incorrect');

const waitFor = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  const wait =
    seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return new DomainError(
    'tooManyAttempts',
    `Too many wrong passwords for this account from your network. Try again in ${wait}.`,
  );
};

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
            'used in the last 2 minutes) unless logoutFromOthers is true, which ends the other sessions. ' +
            'After 5 wrong passwords for one account from one IP, that IP waits 15 s, then 30 s, 60 s… (at most ' +
            '15 minutes) between tries (429 tooManyAttempts); other IPs are not affected.',
          body: signinBody,
          response: { 200: envelope(signinData) },
        },
      },
      async (request, reply) => {
        const { email, password, logoutFromOthers, captcha } = request.body;
        await ctx.captcha.verify(captcha, request.ip);
        const now = ctx.clock.now();
        const attempt = { email, ip: request.ip };
        const waitMs = await startSigninAttempt(ctx.db, attempt, now);
        if (waitMs > 0) throw waitFor(waitMs);
        const user = await ctx.db.maybeOne<SigninUser>(
          'SELECT id, password_hash, validated, totp_enabled FROM users WHERE lower(email) = $1',
          [email],
        );
        // Unknown addresses are hashed like known ones: the answers tell nothing apart.
        if (!(await ctx.passwords.verify(user?.password_hash ?? null, password)) || !user) {
          throw wrongCredentials();
        }
        await clearFailedSignins(ctx.db, attempt, now);
        if (!user.validated) {
          throw new DomainError('emailNotValidated', 'Please confirm your email address first');
        }
        const active = await activeSessions(ctx.db, user.id, now);
        if (active.count > 0) {
          if (!logoutFromOthers) {
            throw new DomainError(
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
