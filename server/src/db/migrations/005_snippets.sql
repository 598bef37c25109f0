-- Snippets (`/api/v1/snippets`): reusable html, text and amp_html pieces that content pulls in with
-- render_snippet("id"). A part left out is null. The master account's shared snippets are readable
-- by its subaccounts; the primary key serves those look-ups (company, subaccount 0, id).
CREATE TABLE snippets (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  subaccount_id bigint NOT NULL DEFAULT 0,
  id text NOT NULL,
  name text NOT NULL,
  html text,
  text text,
  amp_html text,
  shared_with_subaccounts boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, subaccount_id, id),
  CHECK (html IS NOT NULL OR text IS NOT NULL OR amp_html IS NOT NULL)
);
