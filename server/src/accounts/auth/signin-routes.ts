import { envelope, signinBody, signinData } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import { giveSessionCookie } from '../../http/session-cookie.ts';
import type { UserStore } from '../users/user-store.ts';
import type { CaptchaVerifier } from './captcha.ts';
import type { PasswordHasher } from './passwords.ts';
import { activeSessions, revokeUserSessions, sessionLifetimeMs, startSession } from './sessions.ts';
import { clearFailedSignins, startSigninAttempt } from './signin-throttle.ts';
import type { TokenService } from './tokens.ts';

export interface SigninRouteDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  tokens: TokenService;
  passwords: PasswordHasher;
  captcha: CaptchaVerifier;
  users: Pick<UserStore, 'forSignin'>;
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

export function signinRoutes(deps: SigninRouteDeps): FastifyPluginAsyncZod {
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
            'used in the last 2 minutes) unless logoutFromOthers is true, which ends the other sessions ' +
            '(with 2FA, only once /users/validate-2fa accepts the code). ' +
            'After 5 wrong passwords for one account from one IP, that IP waits 15 s, then 30 s, 60 s… (at most ' +
            '15 minutes) between tries (429 tooManyAttempts); other IPs are not affected.',
          body: signinBody,
          response: { 200: envelope(signinData) },
        },
      },
      async (request, reply) => {
        const { email, password, logoutFromOthers, captcha } = request.body;
        await deps.captcha.verify(captcha, request.ip);
        const now = deps.clock.now();
        const attempt = { email, ip: request.ip };
        const waitMs = await startSigninAttempt(deps.db, attempt, now);
        if (waitMs > 0) throw waitFor(waitMs);
        const user = await deps.users.forSignin(email);
        // Unknown addresses are hashed like known ones: the answers tell nothing apart.
        if (!(await deps.passwords.verify(user?.password_hash ?? null, password)) || !user) {
          throw wrongCredentials();
        }
        await clearFailedSignins(deps.db, attempt, now);
        if (!user.validated) {
          throw new DomainError('emailNotValidated', 'Please confirm your email address first');
        }
        const active = await activeSessions(deps.db, user.id, now);
        if (active.count > 0 && !logoutFromOthers) {
          throw new DomainError(
            active.recentlyUsed ? 'signInConfirmMode1' : 'signInConfirm',
            'This account is signed in on another device. Sign in here and log out the other sessions?',
          );
        }
        const stage = user.totp_enabled ? '2fa' : 'full';
        // With 2FA the other sessions end only once the code is right: the password alone evicts nobody.
        if (logoutFromOthers && stage === 'full') await revokeUserSessions(deps.db, user.id, 'forced', now);
        const accessToken = await startSession(deps.db, deps.tokens, user.id, stage, now, {
          logoutOthers: logoutFromOthers === true,
        });
        giveSessionCookie(request, reply, accessToken, {
          publicUrl: deps.publicUrl,
          lifetimeMs: sessionLifetimeMs(stage),
        });
        return { data: { accessToken, twoFactor: stage === '2fa' } };
      },
    );
  };
}
