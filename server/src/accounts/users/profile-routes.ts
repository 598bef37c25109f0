import { envelope, updateUserBody, userDetailSchema, userSchema } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import type { UserStore } from './user-store.ts';

export interface ProfileRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  users: Pick<UserStore, 'profile' | 'detail' | 'updateProfile'>;
}

export function profileRoutes(deps: ProfileRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['users'],
          summary: 'The signed-in user',
          security: bearerSecurity,
          response: { 200: envelope(userSchema) },
        },
      },
      async (request) => ({ data: await deps.users.profile(sessionOf(request).userId) }),
    );

    app.get(
      '/users/detail',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['users'],
          summary: 'Short user detail with the company environment',
          security: bearerSecurity,
          response: { 200: envelope(userDetailSchema) },
        },
      },
      async (request) => {
        return { data: await deps.users.detail(sessionOf(request).userId) };
      },
    );

    app.put(
      '/user',
      {
        onRequest: deps.guards.full,
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
          data: await deps.users.updateProfile(sessionOf(request).userId, { ...rest, hour_format: time }),
        };
      },
    );
  };
}
