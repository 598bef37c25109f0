-- Account security (issue 7 §3): sign-in throttled per IP and account instead of locking the
-- account; second-factor attempts counted per user; a TOTP time step used once; recovery codes.

ALTER TABLE users DROP COLUMN failed_logins;
ALTER TABLE users DROP COLUMN first_failed_at;
ALTER TABLE users DROP COLUMN locked_until;

-- Wrong passwords for one account from one IP. The account is keyed by its lower-cased address,
-- known or not, so the answers do not tell which accounts exist.
CREATE TABLE signin_failures (
  email text NOT NULL,
  ip text NOT NULL,
  failures integer NOT NULL,
  last_failed_at timestamptz NOT NULL,
  PRIMARY KEY (email, ip)
);

ALTER TABLE users ADD COLUMN second_factor_failures integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN second_factor_failed_at timestamptz;
-- The last 30-second TOTP step accepted: a code of that step or an earlier one is refused.
ALTER TABLE users ADD COLUMN totp_last_step bigint;
ALTER TABLE sessions DROP COLUMN second_factor_failures;

-- Shown once at enrolment; only the SHA-256 of each code is kept.
CREATE TABLE recovery_codes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, hash)
);

CREATE INDEX signin_failures_age_idx ON signin_failures (last_failed_at);
