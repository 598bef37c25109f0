-- Activity exports (.xlsx): the console starts one with the current event filters (202), a worker
-- writes the workbook in slices and stores it here, then tells the user with a notification that
-- links to the company-scoped download. Kept until expires_at, then purged by the housekeeping.
CREATE TABLE event_exports (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- Who asked for it: the notification goes to this user.
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The event search's query parameters (SparkPost names), with from and to pinned at the request.
  filters jsonb NOT NULL,
  -- queued, running, done, failed
  status text NOT NULL DEFAULT 'queued',
  row_count integer NOT NULL DEFAULT 0,
  -- True when the search matched more than the export's row limit.
  truncated boolean NOT NULL DEFAULT false,
  file bytea,
  error text,
  -- A worker's claim: another process leaves the job alone until then. Only the holder of the
  -- token may record the outcome; a job claimed three times (its worker died each time) fails.
  claimed_until timestamptz,
  claim_token uuid,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  expires_at timestamptz NOT NULL
);

CREATE INDEX event_exports_owner ON event_exports (company_id, created_at DESC);
CREATE INDEX event_exports_due ON event_exports (created_at) WHERE status IN ('queued', 'running');

-- §7 GET /notifications: what the product tells a user (an export is ready...), newest first.
CREATE TABLE user_notifications (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message text NOT NULL,
  -- A console path to open (a download...), or ''.
  link text NOT NULL DEFAULT '',
  read_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE INDEX user_notifications_user ON user_notifications (user_id, created_at DESC);
