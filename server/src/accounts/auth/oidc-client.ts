import { createHash } from 'node:crypto';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { OidcLogin } from './oidc-logins.ts';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface OidcIdentity {
  email: string;
  emailVerified: boolean;
  name: string;
}

type LoginProof = Pick<OidcLogin, 'nonce' | 'codeVerifier'>;

export interface OidcClient {
  /** Where the browser asks the provider; carries `state`, the nonce and the PKCE challenge. */
  authorizationUrl(login: LoginProof & { state: string }): Promise<string>;
  /**
   * Trades the authorization code (with the PKCE verifier) for a verified id_token carrying the
   * sign-in's nonce, and reads who signed in.
   */
  identify(code: string, login: LoginProof): Promise<OidcIdentity>;
}

/** RFC 7636 S256: the challenge sent with the authorization request. */
const pkceChallenge = (codeVerifier: string) => createHash('sha256').update(codeVerifier).digest('base64url');

interface Provider {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  keys: JWTVerifyGetKey;
}

async function discover(issuer: string): Promise<Provider> {
  const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC discovery failed with HTTP ${response.status}`);
  const document = (await response.json()) as Record<string, unknown>;
  const { authorization_endpoint, token_endpoint, jwks_uri } = document;
  if (
    typeof authorization_endpoint !== 'string' ||
    typeof token_endpoint !== 'string' ||
    typeof jwks_uri !== 'string'
  ) {
    throw new Error('OIDC discovery document lacks authorization_endpoint, token_endpoint or jwks_uri');
  }
  return {
    issuer: typeof document.issuer === 'string' ? document.issuer : issuer,
    authorizationEndpoint: authorization_endpoint,
    tokenEndpoint: token_endpoint,
    keys: createRemoteJWKSet(new URL(jwks_uri)),
  };
}

export function createOidcClient(settings: OidcSettings): OidcClient {
  let provider: Promise<Provider> | undefined;
  // Discovered on first use and kept; a failed discovery is retried next time.
  const getProvider = () => {
    provider ??= discover(settings.issuer).catch((error: unknown) => {
      provider = undefined;
      throw error;
    });
    return provider;
  };

  return {
    authorizationUrl: async ({ state, nonce, codeVerifier }) => {
      const url = new URL((await getProvider()).authorizationEndpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: pkceChallenge(codeVerifier),
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    identify: async (code, { nonce, codeVerifier }) => {
      const { tokenEndpoint, keys, issuer } = await getProvider();
      const response = await fetch(tokenEndpoint, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: settings.redirectUri,
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          code_verifier: codeVerifier,
        }),
      });
      if (!response.ok) throw new Error(`OIDC token exchange failed with HTTP ${response.status}`);
      const { id_token: idToken } = (await response.json()) as { id_token?: unknown };
      if (typeof idToken !== 'string') throw new Error('OIDC token response has no id_token');
      const { payload } = await jwtVerify(idToken, keys, { issuer, audience: settings.clientId });
      if (payload.nonce !== nonce) throw new Error('OIDC id_token nonce does not match');
      if (typeof payload.email !== 'string') throw new Error('OIDC id_token has no email');
      return {
        email: payload.email.toLowerCase(),
        emailVerified: payload.email_verified === true,
        name: typeof payload.name === 'string' ? payload.name : '',
      };
    },
  };
}
