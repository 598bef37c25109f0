import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { oidcRoutes } from './oidc-routes.ts';
import { passwordResetRoutes } from './password-reset-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { signinRoutes } from './signin-routes.ts';
import { signupRoutes } from './signup-routes.ts';
import { twoFactorRoutes } from './two-factor-routes.ts';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(signupRoutes(ctx));
    await app.register(signinRoutes(ctx));
    await app.register(twoFactorRoutes(ctx));
    await app.register(sessionRoutes(ctx));
    await app.register(passwordResetRoutes(ctx));
    await app.register(oidcRoutes(ctx));
  };
}
