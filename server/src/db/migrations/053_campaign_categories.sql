-- Campaign categories (issue 25, §2 "Campaign Category", §7 /email-marketing/category): a company's
-- own names to sort its campaigns by; deleting one leaves its campaigns without a category.
CREATE TABLE campaign_categories (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX campaign_categories_name_key ON campaign_categories (company_id, lower(name));

ALTER TABLE campaigns ADD COLUMN category_id bigint REFERENCES campaign_categories (id) ON DELETE SET NULL;
CREATE INDEX campaigns_category_idx ON campaigns (category_id) WHERE category_id IS NOT NULL;
