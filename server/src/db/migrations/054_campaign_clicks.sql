-- Campaign reports (issue 25): each person's click on a campaign's link, by the engine event that
-- recorded it (so reading an event again counts nothing twice), for the report's clicks per link.
CREATE TABLE campaign_clicks (
  campaign_id bigint NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  event_id bigint NOT NULL,
  contact_id bigint NOT NULL,
  url text NOT NULL,
  clicked_at timestamptz NOT NULL,
  PRIMARY KEY (campaign_id, event_id)
);
