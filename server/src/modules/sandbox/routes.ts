import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { environmentRoutes } from './environment-routes.ts';
import { inboxRoutes } from './inbox-routes.ts';
import { recipientRoutes } from './recipient-routes.ts';
import { sandboxDataRoutes } from './sandbox-data-routes.ts';
import { createSandboxRules } from './sandbox-rules.ts';

/** Console routes of the sandbox: environment switching, authorized recipients, the inbox, welcome data. */
export function sandboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const rules = createSandboxRules(ctx.db, ctx.clock);
  return async (app) => {
    await app.register(environmentRoutes(ctx, rules));
    await app.register(recipientRoutes(ctx));
    await app.register(inboxRoutes(ctx));
    await app.register(sandboxDataRoutes(ctx));
  };
}
