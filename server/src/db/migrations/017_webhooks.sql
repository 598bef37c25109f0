-- Event webhooks (`/api/v1/webhooks`): batches of events POSTed to a customer's URL.
-- A webhook belongs to one account of a company (subaccount_id: the master 0, or one subaccount);
-- event_source says whose events it gets: -1 the master and every subaccount (but
-- exception_subaccounts), 0 the master only, n subaccount n.
CREATE TABLE webhooks (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  subaccount_id bigint NOT NULL DEFAULT 0,
  event_source bigint NOT NULL,
  name text NOT NULL,
  target text NOT NULL,
  events text[] NOT NULL,
  active boolean NOT NULL DEFAULT true,
  custom_headers jsonb NOT NULL DEFAULT '{}',
  exception_subaccounts bigint[] NOT NULL DEFAULT '{}',
  auth_type text NOT NULL DEFAULT 'none',
  auth_request_details jsonb,
  auth_credentials jsonb,
  auth_token text NOT NULL DEFAULT '',
  oauth_token text,
  oauth_expires_at timestamptz,
  signing_secret text NOT NULL,
  last_successful timestamptz,
  last_failure timestamptz,
  -- A dispatcher holds a webhook (its batches go out one at a time, in order) until this time.
  lease_until timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE INDEX webhooks_company ON webhooks (company_id) WHERE active;

-- Events waiting for their webhook's next batch: the envelope entry as it will be sent.
CREATE TABLE webhook_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  entry json NOT NULL,
  queued_at timestamptz NOT NULL
);

CREATE INDEX webhook_outbox_webhook ON webhook_outbox (webhook_id, id);

-- Batches: the body is fixed when the batch is made, so every retry sends the same bytes. A batch
-- is given up 8 hours after its oldest event was queued (a long outage does not pile events up).
CREATE TABLE webhook_batches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  batch_id text NOT NULL UNIQUE,
  webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  target text NOT NULL,
  body text,
  batch_size integer NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  oldest_queued_at timestamptz NOT NULL,
  next_attempt_at timestamptz NOT NULL,
  response_code integer,
  failure_code integer,
  latency integer,
  finished_at timestamptz
);

CREATE INDEX webhook_batches_pending ON webhook_batches (webhook_id, id) WHERE status = 'pending';
CREATE INDEX webhook_batches_webhook ON webhook_batches (webhook_id, created_at);
