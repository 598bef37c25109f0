import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CredentialsRouteDeps, credentialsRoutes } from './credentials-routes.ts';
import { type NotificationRouteDeps, notificationRoutes } from './notification-routes.ts';
import { type PolicyRouteDeps, policyRoutes } from './policy-routes.ts';
import { type ProfileRouteDeps, profileRoutes } from './profile-routes.ts';

export type UserRouteDeps = ProfileRouteDeps & CredentialsRouteDeps & PolicyRouteDeps & NotificationRouteDeps;

export function userRoutes(deps: UserRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(profileRoutes(deps));
    await app.register(credentialsRoutes(deps));
    await app.register(policyRoutes(deps));
    await app.register(notificationRoutes(deps));
  };
}
