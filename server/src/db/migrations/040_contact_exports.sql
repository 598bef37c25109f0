-- Contact exports (issue 24): a filter, label or segment of the contact book written to a CSV or XLSX
-- file by a worker, then offered in the user's notification. The file sits under DATA_DIR until it
-- expires; the row says where.

CREATE TABLE contact_exports (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  -- search, status, label, segment: what the Contact Book showed when the export was asked for.
  filter jsonb NOT NULL,
  state text NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
  row_count int NOT NULL DEFAULT 0,
  truncated boolean NOT NULL DEFAULT false,
  file_path text,
  error text,
  -- The worker writing it; another one starts it again when the claim lapses.
  claimed_until timestamptz,
  claim_token uuid,
  attempts int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX contact_exports_company_idx ON contact_exports (company_id, created_at DESC);
CREATE INDEX contact_exports_due_idx ON contact_exports (created_at) WHERE state IN ('queued', 'running');
