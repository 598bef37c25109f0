-- Subscriber Setting (§2 menu, issue 24): how a company's forms sign people up. Double opt-in is on
-- unless the company turns it off; the confirmation mail and the preference page say what it wrote.
-- A company without a row has the defaults.

CREATE TABLE contact_subscriber_settings (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  double_opt_in boolean NOT NULL,
  confirmation_subject text NOT NULL,
  confirmation_text text NOT NULL,
  preference_text text NOT NULL,
  updated_at timestamptz NOT NULL
);
