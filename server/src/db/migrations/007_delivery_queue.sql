-- The delivery queue lives on the messages table. Statuses: queued (waiting for its next attempt),
-- delivered, bounced (final), sandbox (kept for the test inbox, never delivered).
-- A worker claims due rows with FOR UPDATE SKIP LOCKED and leases them (locked_by, locked_until);
-- every outcome it writes is fenced by locked_by, so a row whose lease another worker took over is
-- never written twice. An expired lease (a worker that died) makes the row claimable again.
ALTER TABLE messages ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE messages ADD COLUMN locked_by text;
ALTER TABLE messages ADD COLUMN locked_until timestamptz;
-- The last answer of the receiving server ("451 4.7.1 Try again later").
ALTER TABLE messages ADD COLUMN last_reply text;
-- When the message was delivered or bounced.
ALTER TABLE messages ADD COLUMN finished_at timestamptz;

UPDATE messages SET next_attempt_at = created_at;
UPDATE messages SET status = 'sandbox' WHERE environment = 'sandbox';
ALTER TABLE messages ALTER COLUMN next_attempt_at SET NOT NULL;
ALTER TABLE messages ALTER COLUMN next_attempt_at SET DEFAULT now();

DROP INDEX messages_queue_idx;
CREATE INDEX messages_due_idx ON messages (next_attempt_at)
  WHERE status = 'queued' AND environment = 'production';
