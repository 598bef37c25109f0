-- §3 form setting distinctIdField: the question whose answer may be sent once per form (one entry per
-- email address in a contest, say). `distinct_key` is that answer as compared: trimmed, lower case.
ALTER TABLE form_submissions ADD COLUMN distinct_key text;
CREATE UNIQUE INDEX form_submissions_distinct_idx ON form_submissions (form_id, distinct_key)
  WHERE distinct_key IS NOT NULL;
