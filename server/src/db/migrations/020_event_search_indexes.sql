-- The events search (GET /api/v1/events/message, the console's activity filters) at millions of
-- events: one index per selective filter, each (company_id, <filter>, ts DESC, id DESC), so a page
-- is the first rows of one index range, newest first, and the capped total_count reads at most
-- 10,001 entries of it. Unselective filters (common event types, the `to` recipient type) use
-- message_events_company_ts_idx and stop after a page. Measured: tests/bench/results/events-search.md.
CREATE INDEX message_events_rcpt_to_idx ON message_events (company_id, rcpt_to, ts DESC, id DESC);
CREATE INDEX message_events_recipient_domain_idx
  ON message_events (company_id, recipient_domain, ts DESC, id DESC);
CREATE INDEX message_events_sending_domain_idx ON message_events (company_id, sending_domain, ts DESC, id DESC);
CREATE INDEX message_events_from_idx ON message_events (company_id, lower(friendly_from), ts DESC, id DESC);
CREATE INDEX message_events_subject_idx ON message_events (company_id, subject, ts DESC, id DESC);
CREATE INDEX message_events_transmission_idx ON message_events (company_id, transmission_id, ts DESC, id DESC)
  WHERE transmission_id IS NOT NULL;
CREATE INDEX message_events_type_idx ON message_events (company_id, type, ts DESC, id DESC);
CREATE INDEX message_events_bounce_class_idx ON message_events (company_id, bounce_class, ts DESC, id DESC)
  WHERE bounce_class IS NOT NULL;
CREATE INDEX message_events_rcpt_type_idx
  ON message_events (company_id, (body ->> 'rcpt_type'), ts DESC, id DESC);
-- `reasons` is a case-insensitive substring (no pg_trgm on every install): its search scans only the
-- events that have a reason (bounces, delays, out-of-band: a few percent), newest first.
CREATE INDEX message_events_with_reason_idx ON message_events (company_id, ts DESC, id DESC)
  WHERE reason <> '';
