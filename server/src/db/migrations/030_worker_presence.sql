-- The worker processes (every `--role worker` or `all` server) and their heartbeat: each counts up
-- `beats` every few seconds. A process that sees another's count stand still for
-- WORKER_DEAD_AFTER_SECONDS of its own watch marks it dead (dead_since); on PGlite the server that
-- owns the data directory marks every earlier one dead as it starts. The leases a dead process held
-- are free to take at once rather than when they expire: a lease names its holder before the first
-- '/' of messages.locked_by, and in the holder columns below. Dead rows are forgotten after an hour,
-- longer than any lease.
CREATE TABLE worker_processes (
  id text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  beats bigint NOT NULL DEFAULT 0,
  dead_since timestamptz
);

ALTER TABLE webhooks ADD COLUMN leased_by text;
ALTER TABLE event_exports ADD COLUMN claimed_by text;
ALTER TABLE recipient_validation_jobs ADD COLUMN claimed_by text;
