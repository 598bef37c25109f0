import { envelope, updateUserBody, userDetailSchema, userSchema } from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearerSecurity, sessionOf } from '../../http/auth.ts';
import { loadUser, updateProfile } from './user-view.ts';

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me',
      {
        onRequest: ctx.guards.full,
        schema: {
          tags: ['users'],
          summary: 'The signed-in user',
          security: bearerSecurity,
          response: { 200: envelope(userSchema) },
        },
      },
      async (request) => ({ data: await loadUser(ctx.db, sessionOf(request).userId) }),
    );

    app.get(
      '/users/detail',
      {
        onRequest: ctx.guards.full,
        schema: {
          tags: ['users'],
          summary: 'Short user detail with the company environment',
          security: bearerSecurity,
          response: { 200: envelope(userDetailSchema) },
        },
      },
      async (request) => {
        const data = await ctx.db.one<{
          id: string;
          email: string;
          fullname: string;
          lastname: string;
          image: string;
          phone: string;
          environment: 'sandbox' | 'production';
        }>(
          `SELECT u.id, u.email, u.fullname, u.lastname, u.image, u.phone, c.environment
           FROM users u JOIN companies c ON c.id = u.company_id
           WHERE u.id = $1`,
          [sessionOf(request).userId],
        );
        return { data };
      },
    );

    app.put(
      '/user',
      {
        onRequest: ctx.guards.full,
        schema: {
          tags: ['users'],
          summary: 'Update the profile; fields left out stay as they are',
          security: bearerSecurity,
          body: updateUserBody,
          response: { 200: envelope(userSchema) },
        },
      },
      async (request) => {
        const { time, ...rest } = request.body;
        return {
          data: await updateProfile(ctx.db, sessionOf(request).userId, { ...rest, hour_format: time }),
        };
      },
    );
  };
}
