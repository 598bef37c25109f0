import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type EnvironmentRouteDeps, environmentRoutes } from './environment-routes.ts';
import { type InboxRouteDeps, inboxRoutes } from './inbox-routes.ts';
import { type RecipientRouteDeps, recipientRoutes } from './recipient-routes.ts';
import { type SandboxDataRouteDeps, sandboxDataRoutes } from './sandbox-data-routes.ts';

export type SandboxRouteDeps = EnvironmentRouteDeps &
  RecipientRouteDeps &
  InboxRouteDeps &
  SandboxDataRouteDeps;

/** Console routes of the sandbox: environment switching, authorized recipients, the inbox, welcome data. */
export function sandboxRoutes(deps: SandboxRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(environmentRoutes(deps));
    await app.register(recipientRoutes(deps));
    await app.register(inboxRoutes(deps));
    await app.register(sandboxDataRoutes(deps));
  };
}
