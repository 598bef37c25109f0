import {
  envelope,
  okData,
  registerBody,
  registerData,
  revalidateBody,
  validateBody,
  validateData,
} from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import { createCompanyWithOwner } from '../company/create-company.ts';
import { consumeValidationLink, sendValidationLink } from './validation-links.ts';

export function signupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/register',
      {
        config: rateLimited,
        schema: {
          tags: ['auth'],
          summary: 'Create a company and its owner; mails a confirmation link',
          body: registerBody,
          response: { 201: envelope(registerData) },
        },
      },
      async (request, reply) => {
        const { email, password, company, phone, captcha } = request.body;
        await ctx.captcha.verify(captcha, request.ip);
        const passwordHash = await ctx.passwords.hash(password);
        const { userId } = await ctx.db.transaction((tx) =>
          createCompanyWithOwner(tx, {
            companyName: company,
            phone,
            email,
            passwordHash,
            validated: false,
            now: ctx.clock.now(),
          }),
        );
        await sendValidationLink(ctx, request.log, { id: userId, email }, 'signup');
        return reply.code(201).send({ data: { email } });
      },
    );

    app.post(
      '/validate',
      {
        schema: {
          tags: ['auth'],
          summary: 'Confirm an email address with the link token',
          body: validateBody,
          response: { 200: envelope(validateData) },
        },
      },
      async (request) => {
        const email = await consumeValidationLink(ctx, request.body.token, request.body.email);
        return { data: { email, validated: true as const } };
      },
    );

    app.post(
      '/revalidate',
      {
        config: rateLimited,
        schema: {
          tags: ['auth'],
          summary: 'Mail a fresh confirmation link (same answer whether or not the account exists)',
          body: revalidateBody,
          response: { 200: envelope(okData) },
        },
      },
      async (request) => {
        const user = await ctx.db.maybeOne<{ id: string; email: string }>(
          'SELECT id, email FROM users WHERE lower(email) = $1 AND NOT validated',
          [request.body.email],
        );
        if (user) await sendValidationLink(ctx, request.log, user, 'signup');
        return { data: true as const };
      },
    );
  };
}
