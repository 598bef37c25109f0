-- A webhook whose target fails is not tried again before this time (set on each failure, cleared
-- on success), whatever batch is next: a long outage is retried on the backoff schedule only.
ALTER TABLE webhooks ADD COLUMN next_attempt_at timestamptz;

-- No foreign key from the outbox to its webhook: an event writer's INSERT must never fail (and roll
-- back the events) because a webhook was deleted meanwhile. Deleting a webhook deletes its rows;
-- rows a concurrent writer left behind are removed by the housekeeping.
ALTER TABLE webhook_outbox DROP CONSTRAINT IF EXISTS webhook_outbox_webhook_id_fkey;
