-- A company's form submissions per calendar month (UTC), in 16 shards like a form's own count: the
-- plan's monthly formSubmissionLimit (§9) is read from them, where every submission used to count the
-- month's rows again (up to 40,000 on the sample plan). A deleted form's submissions still count: the
-- month's quota is of submissions received.
CREATE TABLE form_month_counts (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  month date NOT NULL,
  shard smallint NOT NULL,
  submissions integer NOT NULL,
  PRIMARY KEY (company_id, month, shard)
);

INSERT INTO form_month_counts (company_id, month, shard, submissions)
SELECT company_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, 0, count(*)::int
FROM form_submissions
GROUP BY 1, 2;
