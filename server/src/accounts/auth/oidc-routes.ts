import { oauthCallbackQuery, oauthStartQuery } from '@app/contract/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { DomainError, invalidField } from '../../domain-error.ts';
import type { CreateCompany } from '../company/create-company.ts';
import type { UserStore } from '../users/user-store.ts';
import { createOidcClient, type OidcIdentity } from './oidc-client.ts';
import { oidcLoginTtlMs, startOidcLogin, takeOidcLogin } from './oidc-logins.ts';
import { startSession } from './sessions.ts';
import type { TokenService } from './tokens.ts';

/** Holds the key that binds a sign-in's state to the browser that started it. */
const loginCookie = 'oidc_login';

export interface OidcRouteDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'oidc' | 'publicUrl'>;
  tokens: TokenService;
  createCompany: CreateCompany;
  users: Pick<UserStore, 'confirmedByProvider'>;
}

export function oidcRoutes(deps: OidcRouteDeps): FastifyPluginAsyncZod {
  const { oidc, publicUrl } = deps.config;
  const client = oidc && createOidcClient({ ...oidc, redirectUri: `${publicUrl}/v1/auth/oauth/callback` });
  // Sent back on the provider's redirect (a top-level GET, which SameSite=Lax allows) and nowhere else.
  const loginCookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: publicUrl.startsWith('https:'),
    path: new URL(`${publicUrl}/v1/auth/oauth`).pathname,
  };
  const enabled = () => {
    if (!client) throw new DomainError('featureDisabled', 'Google sign-in is not configured on this server');
    return client;
  };

  /** Redirect targets stay on this server's origin: the token travels in their query string. */
  const ownUrl = (field: string, value: string) => {
    const url = new URL(value, publicUrl);
    if (url.origin !== new URL(publicUrl).origin)
      throw invalidField(field, `Must be a page of ${publicUrl}`, value);
    return url.toString();
  };

  const signInOrRegister = async (identity: OidcIdentity, log: FastifyBaseLogger) => {
    const now = deps.clock.now();
    const existing = await deps.users.confirmedByProvider(identity.email);
    if (existing)
      return startSession(deps.db, deps.tokens, existing.id, existing.totp_enabled ? '2fa' : 'full', now);
    const { userId } = await deps.createCompany({
      companyName: identity.name || identity.email.split('@')[0] || identity.email,
      phone: '',
      email: identity.email,
      passwordHash: null,
      validated: true,
      fullname: identity.name,
      now,
    });
    log.info({ email: identity.email }, 'account created through OIDC sign-in');
    return startSession(deps.db, deps.tokens, userId, 'full', now);
  };

  return async (app) => {
    app.get(
      '/auth/oauth',
      {
        schema: {
          tags: ['auth'],
          summary: 'Start Google/OIDC sign-in: redirects to the provider',
          description:
            'Answers 404 featureDisabled unless OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. ' +
            'Sets an HttpOnly SameSite=Lax cookie for 10 minutes: only this browser can finish the sign-in, ' +
            'once. The code is traded with PKCE (S256).',
          querystring: oauthStartQuery,
        },
      },
      async (request, reply) => {
        const provider = enabled();
        const { successRedirectUrl, errorRedirectUrl } = request.query;
        const urls = {
          successUrl: ownUrl('successRedirectUrl', successRedirectUrl),
          errorUrl: ownUrl('errorRedirectUrl', errorRedirectUrl),
        };
        const login = await startOidcLogin(deps.db, urls, deps.clock.now());
        const authorizationUrl = await provider.authorizationUrl(login);
        reply.setCookie(loginCookie, login.browserKey, {
          ...loginCookieOptions,
          maxAge: oidcLoginTtlMs / 1000,
        });
        return reply.redirect(authorizationUrl);
      },
    );

    app.get(
      '/auth/oauth/callback',
      {
        schema: {
          tags: ['auth'],
          summary: 'Provider callback: signs in or registers, then redirects with ?token=…&registered=true',
          description:
            'Answers 400 (field state) for a state that is unknown, expired, already used or brought back ' +
            'by a browser other than the one that started the sign-in.',
          querystring: oauthCallbackQuery,
        },
      },
      async (request, reply) => {
        const provider = enabled();
        const { code, state, error } = request.query;
        const browserKey = request.cookies[loginCookie];
        const login =
          state && browserKey ? await takeOidcLogin(deps.db, state, browserKey, deps.clock.now()) : undefined;
        if (!login) throw invalidField('state', 'The sign-in request is invalid or expired, start again');
        reply.clearCookie(loginCookie, loginCookieOptions);
        const fail = (reason: string) => {
          const url = new URL(login.errorUrl);
          url.searchParams.set('error', reason);
          return reply.redirect(url.toString());
        };
        if (error || !code) return fail(error ?? 'access_denied');
        let identity: OidcIdentity;
        try {
          identity = await provider.identify(code, login);
        } catch (cause) {
          request.log.warn({ err: cause }, 'OIDC sign-in failed');
          return fail('provider_error');
        }
        if (!identity.emailVerified) return fail('email_not_verified');
        const token = await signInOrRegister(identity, request.log);
        const url = new URL(login.successUrl);
        url.searchParams.set('token', token);
        url.searchParams.set('registered', 'true');
        return reply.redirect(url.toString());
      },
    );
  };
}
