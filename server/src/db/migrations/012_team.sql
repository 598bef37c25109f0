-- Team members and roles (§3 Team and Role, §6). A user's role is ADMIN or MEMBER (built in, the same
-- for every company) or one of its company's custom roles; what each role may do is in
-- contract/src/accounts/team.ts. Built-in roles are rows too, so users.role has a foreign key.

CREATE TABLE team_roles (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  -- NULL for the built-in roles.
  company_id uuid REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- Permission names of the shared vocabulary; empty for the built-ins, whose permissions the code holds.
  permissions text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz
);

INSERT INTO team_roles (id, company_id, name) VALUES ('ADMIN', NULL, 'Admin'), ('MEMBER', NULL, 'Member');

CREATE UNIQUE INDEX team_roles_company_name_key ON team_roles (company_id, lower(name));

ALTER TABLE users ADD CONSTRAINT users_role_fkey FOREIGN KEY (role) REFERENCES team_roles (id);
CREATE INDEX users_company_role_idx ON users (company_id, role);

-- An invitation to join a company. The mailed link carries a random token; only its SHA-256 is kept,
-- and a resend replaces it (the older link stops working).
CREATE TABLE member_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL REFERENCES team_roles (id),
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_sent_at timestamptz,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_user_id uuid REFERENCES users (id) ON DELETE SET NULL
);

-- One open invitation per address and company.
CREATE UNIQUE INDEX member_invitations_open_key ON member_invitations (company_id, lower(email))
  WHERE accepted_at IS NULL;
CREATE INDEX member_invitations_role_idx ON member_invitations (role);

-- The plan's member limit (§3 memberLimit): users and open invitations count; -1 is unlimited.
INSERT INTO plan_quotas (plan_id, feature, limit_name, label, quota, period, enabled) VALUES
  ('FREE', 'member', 'memberLimit', 'Team members', 3, 'none', true),
  ('UNLIMITED', 'member', 'memberLimit', 'Team members', -1, 'none', true);

-- Preferences of one user: an IANA time zone ('' = the browser's), and the usage alert mails.
ALTER TABLE users ADD COLUMN timezone text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN usage_alert boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN usage_alert_percent integer NOT NULL DEFAULT 80
  CHECK (usage_alert_percent BETWEEN 1 AND 100);
