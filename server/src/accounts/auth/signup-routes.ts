import {
  envelope,
  okData,
  registerBody,
  registerData,
  revalidateBody,
  validateBody,
  validateData,
} from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import type { CreateCompany } from '../company/create-company.ts';
import type { UserStore } from '../users/user-store.ts';
import type { CaptchaVerifier } from './captcha.ts';
import type { PasswordHasher } from './passwords.ts';
import type { ValidationLinks } from './validation-links.ts';

export interface SignupRouteDeps {
  clock: Clock;
  captcha: CaptchaVerifier;
  passwords: Pick<PasswordHasher, 'hash'>;
  createCompany: CreateCompany;
  validationLinks: ValidationLinks;
  users: Pick<UserStore, 'unvalidatedByEmail'>;
}

export function signupRoutes(deps: SignupRouteDeps): FastifyPluginAsyncZod {
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
        await deps.captcha.verify(captcha, request.ip);
        const passwordHash = await deps.passwords.hash(password);
        const { userId } = await deps.createCompany({
          companyName: company,
          phone,
          email,
          passwordHash,
          validated: false,
          now: deps.clock.now(),
        });
        await deps.validationLinks.send(request.log, { id: userId, email }, 'signup');
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
        const email = await deps.validationLinks.consume(request.body.token, request.body.email);
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
        const user = await deps.users.unvalidatedByEmail(request.body.email);
        if (user) await deps.validationLinks.send(request.log, user, 'signup');
        return { data: true as const };
      },
    );
  };
}
