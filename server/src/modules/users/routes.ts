import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { credentialsRoutes } from './credentials-routes.ts';
import { policyRoutes } from './policy-routes.ts';
import { profileRoutes } from './profile-routes.ts';

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(profileRoutes(ctx));
    await app.register(credentialsRoutes(ctx));
    await app.register(policyRoutes(ctx));
  };
}
