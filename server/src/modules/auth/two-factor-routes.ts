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
} from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/db.ts';
import { DomainError, invalidField } from '../../domain-error.ts';
import { bearerSecurity, sessionOf } from '../../http/auth.ts';
import { deleteRecoveryCodes, issueRecoveryCodes, useRecoveryCode } from './recovery-codes.ts';
import { clearCodeFailures, maxCodeFailures, startCodeAttempt } from './second-factor-attempts.ts';
import { giveSessionCookie } from './session-cookie.ts';
import { type AuthSession, revokeSession, upgradeSession } from './sessions.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

const invalidCode = () => new DomainError('secondFactorInvalid', 'The authentication code is invalid');
const usedCode = () =>
  new DomainError('secondFactorInvalid', 'This code was already used. Wait for the next code from your app.');
const invalidRecoveryCode = () =>
  new DomainError('secondFactorInvalid', 'This recovery code is not valid or was already used');

interface TotpUser {
  email: string;
  password_hash: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled: boolean;
}

/**
 * Checks a TOTP code and takes its time step, so the same code (or an older one) never works
 * twice, not even on another session or in a concurrent request. Throws secondFactorInvalid.
 */
async function useTotpCode(db: Db, userId: string, secret: string, code: string, now: Date): Promise<void> {
  const step = totpStep(secret, code, now);
  if (step === undefined) throw invalidCode();
  const taken = await db.query(
    `UPDATE users SET totp_last_step = $2
     WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
    [userId, step],
  );
  if (taken.length === 0) throw usedCode();
}

export function twoFactorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const loadUser = (userId: string) =>
    ctx.db.one<TotpUser>(
      'SELECT email, password_hash, totp_secret, totp_pending_secret, totp_enabled FROM users WHERE id = $1',
      [userId],
    );

  /**
   * The second-factor step: `check` throws secondFactorInvalid for a wrong code. Wrong codes are
   * counted per user across sessions; the one that reaches the limit ends this session.
   */
  const completeSecondFactor = async (session: AuthSession, check: (now: Date) => Promise<void>) => {
    const now = ctx.clock.now();
    const tries = await startCodeAttempt(ctx.db, session.userId, now);
    try {
      await check(now);
    } catch (error) {
      if (tries >= maxCodeFailures) {
        await revokeSession(ctx.db, session.sessionId, 'second_factor_failures', now);
      }
      throw error;
    }
    await clearCodeFailures(ctx.db, session.userId);
    return upgradeSession(ctx.db, ctx.tokens, session, now);
  };

  const attemptsNote =
    `${maxCodeFailures} wrong codes within 15 minutes, over any number of sign-ins, end the session and ` +
    'refuse further codes (429 tooManyAttempts) for 15 minutes.';

  return async (app) => {
    app.get(
      '/checkToken-2FA',
      {
        onRequest: ctx.guards.anyStage,
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
        onRequest: ctx.guards.secondFactor,
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
        const session = sessionOf(request);
        const accessToken = await completeSecondFactor(session, async (now) => {
          const { totp_secret: secret } = await loadUser(session.userId);
          if (!secret) throw invalidCode();
          await useTotpCode(ctx.db, session.userId, secret, request.body.code, now);
        });
        giveSessionCookie(ctx, request, reply, accessToken, 'full');
        return { data: { accessToken } };
      },
    );

    app.post(
      '/users/validate-2fa/recovery-code',
      {
        onRequest: ctx.guards.secondFactor,
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
        const session = sessionOf(request);
        const accessToken = await completeSecondFactor(session, async (now) => {
          if (!(await useRecoveryCode(ctx.db, session.userId, request.body.recoveryCode, now))) {
            throw invalidRecoveryCode();
          }
        });
        giveSessionCookie(ctx, request, reply, accessToken, 'full');
        return { data: { accessToken } };
      },
    );

    app.post(
      '/users/2fa/setup',
      {
        onRequest: ctx.guards.full,
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
        if (user.totp_enabled) throw new DomainError('state', 'Two-factor authentication is already enabled');
        const secret = newTotpSecret();
        await ctx.db.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [userId, secret]);
        const otpauthUrl = totpUri(secret, user.email);
        return { data: { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl) } };
      },
    );

    app.post(
      '/users/2fa/enable',
      {
        onRequest: ctx.guards.full,
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
        if (!user.totp_pending_secret) throw new DomainError('state', 'Start the two-factor setup first');
        const secret = user.totp_pending_secret;
        if (totpStep(secret, request.body.code, ctx.clock.now()) === undefined) throw invalidCode();
        const recoveryCodes = await ctx.db.transaction(async (tx) => {
          await tx.query(
            `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled = true,
               totp_last_step = NULL
             WHERE id = $1`,
            [userId],
          );
          // The enrolment code is the first one used: it cannot open a sign-in afterwards.
          await useTotpCode(tx, userId, secret, request.body.code, ctx.clock.now());
          return issueRecoveryCodes(tx, userId);
        });
        return { data: { enabled: true as const, recoveryCodes } };
      },
    );

    app.post(
      '/users/2fa/disable',
      {
        onRequest: ctx.guards.full,
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
          throw new DomainError('state', 'Two-factor authentication is not enabled');
        }
        if (!(await ctx.passwords.verify(user.password_hash, request.body.password))) {
          throw invalidField('password', 'Password incorrect');
        }
        await useTotpCode(ctx.db, userId, user.totp_secret, request.body.code, ctx.clock.now());
        await ctx.db.transaction(async (tx) => {
          await tx.query(
            `UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled = false,
               totp_last_step = NULL
             WHERE id = $1`,
            [userId],
          );
          await deleteRecoveryCodes(tx, userId);
        });
        return { data: { enabled: false } };
      },
    );
  };
}
