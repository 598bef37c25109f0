import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type OidcRouteDeps, oidcRoutes } from './oidc-routes.ts';
import { type PasswordResetRouteDeps, passwordResetRoutes } from './password-reset-routes.ts';
import { type SessionRouteDeps, sessionRoutes } from './session-routes.ts';
import { type SigninRouteDeps, signinRoutes } from './signin-routes.ts';
import { type SignupRouteDeps, signupRoutes } from './signup-routes.ts';
import { type TwoFactorRouteDeps, twoFactorRoutes } from './two-factor-routes.ts';

export type AuthRouteDeps = SignupRouteDeps &
  SigninRouteDeps &
  TwoFactorRouteDeps &
  SessionRouteDeps &
  PasswordResetRouteDeps &
  OidcRouteDeps;

export function authRoutes(deps: AuthRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(signupRoutes(deps));
    await app.register(signinRoutes(deps));
    await app.register(twoFactorRoutes(deps));
    await app.register(sessionRoutes(deps));
    await app.register(passwordResetRoutes(deps));
    await app.register(oidcRoutes(deps));
  };
}
