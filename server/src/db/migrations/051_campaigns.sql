-- Email campaigns (issue 25, §1, §7 /email-marketing). A campaign is composed as a draft, then sent:
-- its recipients are picked from the contact book when the send runs (never when it is scheduled),
-- in batches, each batch recorded before the engine accepts it once under the batch's key.
CREATE TABLE campaigns (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  subject text NOT NULL DEFAULT '',
  preheader text NOT NULL DEFAULT '',
  sender_id bigint REFERENCES senders (id) ON DELETE SET NULL,
  reply_to text,
  -- {html} or {design}
  content jsonb,
  -- Contact labels and segments sent to, and those excluded (checked to be the company's when saved).
  labels bigint[] NOT NULL DEFAULT '{}',
  segments bigint[] NOT NULL DEFAULT '{}',
  excluded_labels bigint[] NOT NULL DEFAULT '{}',
  excluded_segments bigint[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'DRAFT'
    CHECK (status IN ('DRAFT', 'SCHEDULED', 'SENDING', 'PAUSED', 'SENT', 'CANCELLED', 'FAILED')),
  scheduled_at timestamptz,
  -- The send: what goes out (From, subject, HTML, text), fixed when it starts; the contacts created
  -- up to `started_at` are its audience, walked newest first from (cursor_at, cursor_id).
  frozen jsonb,
  started_at timestamptz,
  cursor_at timestamptz,
  cursor_id bigint,
  next_batch integer NOT NULL DEFAULT 0,
  -- Every contact of the audience has been picked into a batch.
  picked_all boolean NOT NULL DEFAULT false,
  queued integer NOT NULL DEFAULT 0,
  error text,
  claimed_until timestamptz,
  claimed_by text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX campaigns_company_idx ON campaigns (company_id, created_at DESC, id DESC);
CREATE INDEX campaigns_due_idx ON campaigns (scheduled_at) WHERE status IN ('SCHEDULED', 'SENDING');

-- One row a batch: pending from when its recipients are picked until the engine has accepted it.
CREATE TABLE campaign_batches (
  campaign_id bigint NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  batch integer NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'accepted')),
  recipients integer NOT NULL,
  transmission_id text,
  accepted_at timestamptz,
  PRIMARY KEY (campaign_id, batch)
);

-- Each contact of a campaign is in one batch at most: the send's exactly-once record.
CREATE TABLE campaign_recipients (
  campaign_id bigint NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  contact_id bigint NOT NULL,
  batch integer NOT NULL,
  PRIMARY KEY (campaign_id, contact_id)
);
CREATE INDEX campaign_recipients_batch_idx ON campaign_recipients (campaign_id, batch);
