-- Forms (issue 26, §3 Form, form settings, components; §7 /forms): what a company asks its visitors,
-- the answers they gave, and the captcha solutions already spent (a solution counts once).
CREATE TABLE forms (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  components jsonb NOT NULL,
  settings jsonb NOT NULL,
  label_ids bigint[] NOT NULL DEFAULT '{}',
  save_to_contact boolean NOT NULL,
  allow_update boolean NOT NULL,
  optin boolean NOT NULL,
  published boolean NOT NULL DEFAULT false,
  -- Signs the POSTs to the form's webhook URL (Standard Webhooks).
  webhook_secret text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX forms_company_idx ON forms (company_id, created_at DESC);

-- One visitor's answers. A double opt-in submission keeps the hash of its confirmation token until
-- the link is followed (confirmed_at).
CREATE TABLE form_submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  form_id bigint NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  answers jsonb NOT NULL,
  email text,
  ip text,
  state text NOT NULL CHECK (state IN ('pending', 'confirmed', 'saved')),
  confirm_token_hash text UNIQUE,
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz
);
CREATE INDEX form_submissions_form_idx ON form_submissions (form_id, id DESC);
CREATE INDEX form_submissions_company_month_idx ON form_submissions (company_id, created_at);

-- How many submissions a form has had, in 16 shards: each submission adds one to a shard picked at
-- random, so a busy form's submissions do not queue on one counter row. A form's count is the sum.
CREATE TABLE form_submission_counts (
  form_id bigint NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
  shard smallint NOT NULL,
  submissions integer NOT NULL,
  PRIMARY KEY (form_id, shard)
);

CREATE TABLE form_captcha_spent (
  challenge_id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- A form's submissions POSTed to its webhook URL (§3 form setting webhookUrl), signed with the form's
-- secret and retried like the event webhooks: 30 s doubling to an hour, for 8 hours. A delivery row
-- is written with its submission, in the same transaction.
CREATE TABLE form_webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  form_id bigint NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
  submission_id bigint NOT NULL REFERENCES form_submissions (id) ON DELETE CASCADE,
  target text NOT NULL,
  body text NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_status integer,
  last_error text,
  created_at timestamptz NOT NULL,
  next_attempt_at timestamptz NOT NULL
);
CREATE INDEX form_webhook_deliveries_due_idx ON form_webhook_deliveries (next_attempt_at) WHERE state = 'queued';
