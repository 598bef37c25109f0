-- SparkPost's account object (GET/PUT /api/v1/account): when the company's details last changed
-- (`updated`: its name or profile), and the account options a PUT keeps (tracking and transactional
-- defaults), which sends use where they say nothing.
ALTER TABLE companies ADD COLUMN updated_at timestamptz;
UPDATE companies SET updated_at = created_at;
ALTER TABLE companies ALTER COLUMN updated_at SET DEFAULT now();
ALTER TABLE companies ALTER COLUMN updated_at SET NOT NULL;

CREATE TABLE account_options (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  -- The options set, by SparkPost's names (smtp_tracking_default, rest_tracking_default, click_tracking...);
  -- an option never set is absent and takes its default.
  options jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL
);
