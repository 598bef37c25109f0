-- A transmission too large to generate in one transaction is generated in chunks after it is
-- accepted (state Generating), each chunk committed with its messages and events. How many of its
-- recipients are done, so a generation a dead process left behind resumes where it stopped.
ALTER TABLE transmissions ADD COLUMN recipients_done integer NOT NULL DEFAULT 0;
UPDATE transmissions SET recipients_done = num_rcpts WHERE state = 'Success';
-- When a generation last committed a chunk (or was claimed): one that has not moved for a while
-- belonged to a process that stopped, however long the transmission has been generating.
ALTER TABLE transmissions ADD COLUMN generation_touched_at timestamptz;
