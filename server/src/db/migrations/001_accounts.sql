-- Accounts: companies, their users and sessions, plans and usage, captured mail, API keys.
-- Plain PostgreSQL 13+ that PGlite runs as well.

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE plans (
  id text PRIMARY KEY,
  name text NOT NULL,
  plan_group text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  price_cents integer NOT NULL DEFAULT 0
);

-- quota -1 means unlimited (§9). limit_name and label describe the quota in the plan's feature list.
CREATE TABLE plan_quotas (
  plan_id text NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  feature text NOT NULL,
  limit_name text NOT NULL,
  label text NOT NULL,
  quota integer NOT NULL,
  period text NOT NULL CHECK (period IN ('monthly', 'daily', 'none')),
  enabled boolean NOT NULL,
  PRIMARY KEY (plan_id, feature)
);

INSERT INTO plans (id, name, plan_group) VALUES ('FREE', 'Free', 'transactional');

-- FREE: the fallback quota of 3000 emails a month (§9); the sandbox sends a few test emails a day;
-- bulk sending, add-on (extra) quota and email validation (purify) come with paid plans.
INSERT INTO plan_quotas (plan_id, feature, limit_name, label, quota, period, enabled) VALUES
  ('FREE', 'email', 'emailSentLimit', 'Emails per month', 3000, 'monthly', true),
  ('FREE', 'daily', 'dailySentLimit', 'Emails per day', -1, 'daily', true),
  ('FREE', 'sandbox', 'sandboxSentLimit', 'Sandbox emails per day', 100, 'daily', true),
  ('FREE', 'bulk', 'bulkSentLimit', 'Bulk emails per month', 0, 'monthly', false),
  ('FREE', 'extra', 'extraQuota', 'Add-on emails', 0, 'none', false),
  ('FREE', 'purify', 'emailValidationLimit', 'Email validations per month', 0, 'monthly', false);

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  phone text NOT NULL DEFAULT '',
  industry text NOT NULL DEFAULT '',
  website text NOT NULL DEFAULT '',
  environment text NOT NULL DEFAULT 'sandbox' CHECK (environment IN ('sandbox', 'production')),
  production_status text NOT NULL DEFAULT 'None',
  timezone text NOT NULL DEFAULT '(UTC+07:00) Bangkok, Hanoi, Jakarta',
  country text NOT NULL DEFAULT '',
  language text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL
);

CREATE TABLE subscriptions (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  plan_id text NOT NULL REFERENCES plans (id),
  started_at timestamptz NOT NULL,
  expires_at timestamptz,
  payment_method text
);

CREATE TABLE usage_counters (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  feature text NOT NULL,
  period_start timestamptz NOT NULL,
  used integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, feature, period_start)
);

CREATE TABLE product_tours (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  flags jsonb NOT NULL DEFAULT '{}'
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  email text NOT NULL,
  -- NULL for accounts created through Google/OIDC sign-in until they set a password.
  password_hash text,
  role text NOT NULL DEFAULT 'ADMIN',
  validated boolean NOT NULL DEFAULT false,
  fullname text NOT NULL DEFAULT '',
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  hour_format text NOT NULL DEFAULT '24' CHECK (hour_format IN ('12', '24')),
  language text NOT NULL DEFAULT 'en',
  tours jsonb NOT NULL DEFAULT '{}',
  hints_complete boolean NOT NULL DEFAULT false,
  hints jsonb NOT NULL DEFAULT '{}',
  toggle_contact boolean NOT NULL DEFAULT false,
  policy_version text NOT NULL DEFAULT '',
  last_product_update text NOT NULL DEFAULT '',
  totp_secret text,
  totp_pending_secret text,
  totp_enabled boolean NOT NULL DEFAULT false,
  failed_logins integer NOT NULL DEFAULT 0,
  first_failed_at timestamptz,
  locked_until timestamptz,
  created_at timestamptz NOT NULL
);

CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_company_idx ON users (company_id);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('2fa', 'full')),
  second_factor_failures integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text CHECK (
    revoked_reason IN ('logout', 'forced', 'password_reset', 'password_changed', 'second_factor_failures')
  )
);

CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

-- Single-use links (email confirmation, password reset); only the SHA-256 of the token is kept.
CREATE TABLE one_time_tokens (
  hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('validate', 'reset_password')),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE TABLE captured_mail (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "to" text NOT NULL,
  "from" text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX captured_mail_created_idx ON captured_mail (created_at DESC);

CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  subaccount_id uuid,
  label text NOT NULL,
  prefix text NOT NULL,
  -- SHA-256 (hex) of the key; the key itself is shown once and never stored.
  hash text NOT NULL UNIQUE,
  grants text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);

CREATE INDEX api_keys_company_idx ON api_keys (company_id);
