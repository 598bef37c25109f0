-- A campaign's optional send rate (issue 25): at most this many contacts an hour, sent a minute's
-- share at a time; null: as fast as the engine takes them.
ALTER TABLE campaigns ADD COLUMN send_rate integer CHECK (send_rate > 0);
