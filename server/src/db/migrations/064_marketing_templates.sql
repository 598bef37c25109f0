-- The template manager (issue 26, §1 "templates for email, page and form", §7 /template): a
-- company's own email, page and form templates, their labels, and the links that share one by email.

CREATE TABLE marketing_templates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('email', 'page', 'form')),
  name text NOT NULL,
  category text NOT NULL,
  labels text[] NOT NULL DEFAULT '{}',
  -- What a new campaign, page or form starts from (contract/src/marketing/templates.ts, templateContent).
  content jsonb NOT NULL,
  contains_form boolean NOT NULL DEFAULT false,
  thumbnail text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX marketing_templates_company_idx ON marketing_templates (company_id, type, created_at DESC);

-- §7 template labels: the company's list, offered when a template is labelled.
CREATE TABLE marketing_template_labels (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX marketing_template_labels_name_idx ON marketing_template_labels (company_id, lower(name));

-- §7 share by email: a link mailed to one address; whoever signs in with it takes a copy, once.
CREATE TABLE marketing_template_shares (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  template_id bigint NOT NULL REFERENCES marketing_templates (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz
);
CREATE INDEX marketing_template_shares_template_idx ON marketing_template_shares (template_id);

-- §3 a page's templateId: the template it was started from.
ALTER TABLE pages ADD COLUMN template_id bigint REFERENCES marketing_templates (id) ON DELETE SET NULL;
