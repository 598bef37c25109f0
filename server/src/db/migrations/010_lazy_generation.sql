-- A large production transmission is accepted as its content once (transmissions.generation) and
-- one compact row per recipient (messages.recipient: what rendering needs, raw still NULL); a
-- delivery worker composes the message when it takes the row, stores raw and clears recipient.
ALTER TABLE messages ALTER COLUMN raw DROP NOT NULL;
ALTER TABLE messages ADD COLUMN recipient jsonb;
ALTER TABLE transmissions ADD COLUMN generation jsonb;
-- The render budget its recipients have spent so far, whichever worker composed them.
ALTER TABLE transmissions ADD COLUMN render_steps_used bigint NOT NULL DEFAULT 0;
