-- Google/OIDC sign-ins in progress (issue 22 §7): the state sent to the provider is used once and
-- only by the browser that started the sign-in; the PKCE verifier never leaves the server. Only
-- SHA-256 hashes of the state and of the starting browser's cookie are kept.
CREATE TABLE oidc_logins (
  state_hash text PRIMARY KEY,
  browser_hash text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  success_url text NOT NULL,
  error_url text NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE INDEX oidc_logins_expiry_idx ON oidc_logins (expires_at);
