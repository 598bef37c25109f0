-- Recipient pages (issue 25): the replies and forwards a campaign's reader sent from its signed
-- pages, so each reader's are limited (nobody relays mail through them) and a team can see them.
CREATE TABLE campaign_reader_messages (
  id bigserial PRIMARY KEY,
  campaign_id bigint NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  contact_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('reply', 'forward')),
  sent_at timestamptz NOT NULL
);
CREATE INDEX campaign_reader_messages_reader ON campaign_reader_messages (campaign_id, contact_id, kind, sent_at);
