import { randomToken, sha256Hex } from '../../crypto.ts';
import type { Db } from '../../db/db.ts';

/** How long a browser may take between starting a sign-in and coming back from the provider. */
export const oidcLoginTtlMs = 10 * 60 * 1000;

/** What a sign-in in progress remembers until the provider sends the browser back. */
export interface OidcLogin {
  /** This server's pages the browser lands on afterwards. */
  successUrl: string;
  errorUrl: string;
  /** Echoed in the id_token: ties it to this sign-in. */
  nonce: string;
  /** PKCE (RFC 7636): only this server can trade the provider's code. */
  codeVerifier: string;
}

/**
 * Starts a sign-in: `state` goes to the provider and comes back on the callback; `browserKey` goes
 * into the starting browser's cookie. Both are random and only their hashes are stored.
 */
export async function startOidcLogin(
  db: Db,
  urls: Pick<OidcLogin, 'successUrl' | 'errorUrl'>,
  now: Date,
): Promise<OidcLogin & { state: string; browserKey: string }> {
  const login = {
    ...urls,
    state: randomToken(),
    browserKey: randomToken(),
    nonce: randomToken(16),
    codeVerifier: randomToken(),
  };
  await db.query('DELETE FROM oidc_logins WHERE expires_at <= $1', [now]);
  await db.query(
    `INSERT INTO oidc_logins (state_hash, browser_hash, nonce, code_verifier, success_url, error_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      sha256Hex(login.state),
      sha256Hex(login.browserKey),
      login.nonce,
      login.codeVerifier,
      login.successUrl,
      login.errorUrl,
      new Date(now.getTime() + oidcLoginTtlMs),
    ],
  );
  return login;
}

/**
 * Takes the sign-in `state` names, once, and only for the browser that started it; undefined when
 * the state is unknown, used, expired or came back in another browser (which leaves it untouched).
 */
export async function takeOidcLogin(
  db: Db,
  state: string,
  browserKey: string,
  now: Date,
): Promise<OidcLogin | undefined> {
  const row = await db.maybeOne<{
    nonce: string;
    code_verifier: string;
    success_url: string;
    error_url: string;
  }>(
    `DELETE FROM oidc_logins WHERE state_hash = $1 AND browser_hash = $2 AND expires_at > $3
     RETURNING nonce, code_verifier, success_url, error_url`,
    [sha256Hex(state), sha256Hex(browserKey), now],
  );
  return (
    row && {
      nonce: row.nonce,
      codeVerifier: row.code_verifier,
      successUrl: row.success_url,
      errorUrl: row.error_url,
    }
  );
}
