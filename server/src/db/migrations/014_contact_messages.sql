-- The environment journey's records: contact-us messages (§3), on-boarding survey answers (§7) and the
-- details a company gives when it asks for production. Each row names its company and the user who sent it.

CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  email text NOT NULL,
  company text NOT NULL,
  phone text NOT NULL DEFAULT '',
  message text NOT NULL,
  created_at timestamptz NOT NULL,
  -- When the operator's mailbox got it; null while it could not be sent.
  mailed_at timestamptz
);
-- The company's list and the per-user hourly limit.
CREATE INDEX contact_messages_company_idx ON contact_messages (company_id, created_at DESC);
CREATE INDEX contact_messages_user_idx ON contact_messages (user_id, created_at DESC);

CREATE TABLE onboarding_surveys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL,
  sends text[] NOT NULL,
  monthly_volume text NOT NULL,
  heard_from text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX onboarding_surveys_company_idx ON onboarding_surveys (company_id, created_at DESC);

CREATE TABLE production_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason text NOT NULL,
  monthly_volume text NOT NULL,
  use_case text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX production_requests_company_idx ON production_requests (company_id, created_at DESC);
