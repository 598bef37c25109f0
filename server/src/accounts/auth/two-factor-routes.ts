import {
  accessTokenData,
  checkTokenData,
  envelope,
  recoveryCodeBody,
  secondFactorBody,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorEnabledData,
  twoFactorSetupData,
  twoFactorStateData,
} from '@app/contract/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { DomainError, invalidField } from '../../domain-error.ts';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import { giveSessionCookie } from '../../http/session-cookie.ts';
import type { UserStore } from '../users/user-store.ts';
import type { PasswordHasher } from './passwords.ts';
import { deleteRecoveryCodes, issueRecoveryCodes, useRecoveryCode } from './recovery-codes.ts';
import { type CodeAttempt, codeAccepted, codeLimits, startCodeAttempt } from './second-factor-attempts.ts';
import { type AuthSession, revokeSession, sessionLifetimeMs, upgradeSession } from './sessions.ts';
import type { TokenService } from './tokens.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

const invalidCode = () => new DomainError('secondFactorInvalid', 'The authentication code is invalid');
const usedCode = () =>
  new DomainError('secondFactorInvalid', 'This code was already used. Wait for the next code from your app.');
const invalidRecoveryCode = () =>
  new DomainError('secondFactorInvalid', 'This recovery code is not valid or was already used');

export interface TwoFactorRouteDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  tokens: TokenService;
  passwords: Pick<PasswordHasher, 'verify'>;
  guards: Pick<AuthGuards, 'anyStage' | 'secondFactor' | 'full'>;
  users: Pick<
    UserStore,
    | 'totp'
    | 'setPendingTotp'
    | 'enableTotp'
    | 'disableTotp'
    | 'takeTotpStep'
    | 'countCodeAttempt'
    | 'lastCodeFailureAt'
    | 'takeBackCodeAttempt'
  >;
}

export function twoFactorRoutes(deps: TwoFactorRouteDeps): FastifyPluginAsyncZod {
  const { users } = deps;
  const loadUser = (userId: string) => users.totp(userId);

  /**
   * Checks a TOTP code and takes its time step, so the same code (or an older one) never works
   * twice, not even on another session or in a concurrent request. Throws secondFactorInvalid.
   */
  const useTotpCode = async (tx: Db, userId: string, secret: string, code: string, now: Date) => {
    const step = totpStep(secret, code, now);
    if (step === undefined) throw invalidCode();
    if (!(await users.takeTotpStep(tx, userId, step))) throw usedCode();
  };

  const giveFullSessionCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    giveSessionCookie(request, reply, token, {
      publicUrl: deps.publicUrl,
      lifetimeMs: sessionLifetimeMs('full'),
    });

  /**
   * The second-factor step: `check` throws secondFactorInvalid for a wrong code. Wrong codes are
   * counted per sign-in, per source IP and (app codes) per user; the one that uses up the sign-in's
   * tries ends this session.
   */
  const completeSecondFactor = async (
    request: FastifyRequest,
    factor: CodeAttempt['factor'],
    check: (session: AuthSession, now: Date) => Promise<void>,
  ) => {
    const session = sessionOf(request);
    const attempt = { sessionId: session.sessionId, userId: session.userId, ip: request.ip, factor };
    const now = deps.clock.now();
    const { lastTry } = await startCodeAttempt(deps.db, users, attempt, now);
    try {
      await check(session, now);
    } catch (error) {
      if (lastTry) await revokeSession(deps.db, session.sessionId, 'second_factor_failures', now);
      throw error;
    }
    await codeAccepted(deps.db, users, attempt, now);
    return upgradeSession(deps.db, deps.tokens, session, now);
  };

  const { perAttempt, perSource, perUser } = codeLimits;
  const attemptsNote =
    `The ${perAttempt}th wrong code of a sign-in ends its session. ${perSource.max} wrong codes for an ` +
    'account from one IP refuse further codes from that IP (429 tooManyAttempts) until 15 minutes after ' +
    `the last; other IPs are not affected. ${perUser.max} wrong app codes for an account from all IPs ` +
    'refuse app codes (not recovery codes) until a day after the last. A session started with ' +
    'logoutFromOthers ends the other sessions only here, once the code is right.';

  return async (app) => {
    app.get(
      '/checkToken-2FA',
      {
        onRequest: deps.guards.anyStage,
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
        onRequest: deps.guards.secondFactor,
        schema: {
          tags: ['auth'],
          summary: 'Verify the authenticator code; returns a full token for the same session',
          description: `Each code works once. ${attemptsNote}`,
          security: bearerSecurity,
          body: secondFactorBody,
          response: { 200: envelope(accessTokenData) },
        },
      },
      async (request, reply) => {
        const accessToken = await completeSecondFactor(request, 'app', async (session, now) => {
          const { totpSecret: secret } = await loadUser(session.userId);
          if (!secret) throw invalidCode();
          await useTotpCode(deps.db, session.userId, secret, request.body.code, now);
        });
        giveFullSessionCookie(request, reply, accessToken);
        return { data: { accessToken } };
      },
    );

    app.post(
      '/users/validate-2fa/recovery-code',
      {
        onRequest: deps.guards.secondFactor,
        schema: {
          tags: ['auth'],
          summary: 'Second factor with a recovery code instead of the app; each code works once',
          description: attemptsNote,
          security: bearerSecurity,
          body: recoveryCodeBody,
          response: { 200: envelope(accessTokenData) },
        },
      },
      async (request, reply) => {
        const accessToken = await completeSecondFactor(request, 'recovery', async (session, now) => {
          if (!(await useRecoveryCode(deps.db, session.userId, request.body.recoveryCode, now))) {
            throw invalidRecoveryCode();
          }
        });
        giveFullSessionCookie(request, reply, accessToken);
        return { data: { accessToken } };
      },
    );

    app.post(
      '/users/2fa/setup',
      {
        onRequest: deps.guards.full,
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
        if (user.totpEnabled) throw new DomainError('state', 'Two-factor authentication is already enabled');
        const secret = newTotpSecret();
        await users.setPendingTotp(userId, secret);
        const otpauthUrl = totpUri(secret, user.email);
        return { data: { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl) } };
      },
    );

    app.post(
      '/users/2fa/enable',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['auth'],
          summary: 'Finish 2FA enrolment with a code from the authenticator app',
          description:
            'Answers 10 recovery codes, shown this once; each can replace a code from the app once.',
          security: bearerSecurity,
          body: twoFactorEnableBody,
          response: { 200: envelope(twoFactorEnabledData) },
        },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        const user = await loadUser(userId);
        if (!user.totpPendingSecret) throw new DomainError('state', 'Start the two-factor setup first');
        const secret = user.totpPendingSecret;
        if (totpStep(secret, request.body.code, deps.clock.now()) === undefined) throw invalidCode();
        const recoveryCodes = await deps.db.transaction(async (tx) => {
          await users.enableTotp(tx, userId);
          // The enrolment code is the first one used: it cannot open a sign-in afterwards.
          await useTotpCode(tx, userId, secret, request.body.code, deps.clock.now());
          return issueRecoveryCodes(tx, userId);
        });
        return { data: { enabled: true as const, recoveryCodes } };
      },
    );

    app.post(
      '/users/2fa/disable',
      {
        onRequest: deps.guards.full,
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
        if (!user.totpEnabled || !user.totpSecret) {
          throw new DomainError('state', 'Two-factor authentication is not enabled');
        }
        if (!(await deps.passwords.verify(user.passwordHash, request.body.password))) {
          throw invalidField('password', 'Password incorrect');
        }
        await useTotpCode(deps.db, userId, user.totpSecret, request.body.code, deps.clock.now());
        await deps.db.transaction(async (tx) => {
          await users.disableTotp(tx, userId);
          await deleteRecoveryCodes(tx, userId);
        });
        return { data: { enabled: false } };
      },
    );
  };
}
