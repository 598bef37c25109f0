import { envelope, forgetPasswordBody, okData, resetPasswordBody } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimited } from '../../http/rate-limit.ts';
import type { CaptchaVerifier } from './captcha.ts';
import type { PasswordReset } from './password-reset.ts';

export interface PasswordResetRouteDeps {
  captcha: CaptchaVerifier;
  passwordReset: PasswordReset;
}

export function passwordResetRoutes(deps: PasswordResetRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/forget-password',
      {
        config: rateLimited,
        schema: {
          tags: ['auth'],
          summary: 'Mail a password reset link (same answer whether or not the account exists)',
          body: forgetPasswordBody,
          response: { 200: envelope(okData) },
        },
      },
      async (request) => {
        await deps.captcha.verify(request.body.captcha, request.ip);
        await deps.passwordReset.request(request.body.email);
        return { data: true as const };
      },
    );

    app.post(
      '/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset link token; ends every session of the user',
          body: resetPasswordBody,
          response: { 200: envelope(okData) },
        },
      },
      async (request) => {
        await deps.passwordReset.reset(request.body.token, request.body.newPassword);
        return { data: true as const };
      },
    );
  };
}
