-- Campaign reports (issue 25): what happened to each recipient's mail, first time of each kind, read
-- from the engine's events by the report follower; and each campaign's totals (unique recipients),
-- kept here so they outlive the engine's event retention.
ALTER TABLE campaign_recipients
  ADD COLUMN delivered_at timestamptz,
  ADD COLUMN bounced_at timestamptz,
  ADD COLUMN opened_at timestamptz,
  ADD COLUMN machine_opened_at timestamptz,
  ADD COLUMN clicked_at timestamptz,
  ADD COLUMN unsubscribed_at timestamptz,
  ADD COLUMN complained_at timestamptz;

CREATE TABLE campaign_totals (
  campaign_id bigint PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
  delivered integer NOT NULL DEFAULT 0,
  bounced integer NOT NULL DEFAULT 0,
  opened integer NOT NULL DEFAULT 0,
  machine_opened integer NOT NULL DEFAULT 0,
  clicked integer NOT NULL DEFAULT 0,
  unsubscribed integer NOT NULL DEFAULT 0,
  complained integer NOT NULL DEFAULT 0
);
