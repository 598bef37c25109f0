-- Vouchers (issue 25, §7 /utils/vouchers): a list of codes generated for a recipient label, one for
-- each of its contacts; a campaign that uses the list gives each recipient its code as {{voucher}}.
CREATE TABLE voucher_lists (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  label_id bigint REFERENCES contact_labels (id) ON DELETE SET NULL,
  prefix text NOT NULL,
  codes integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX voucher_lists_company_idx ON voucher_lists (company_id, created_at DESC);

CREATE TABLE vouchers (
  list_id bigint NOT NULL REFERENCES voucher_lists (id) ON DELETE CASCADE,
  contact_id bigint NOT NULL,
  code text NOT NULL,
  PRIMARY KEY (list_id, contact_id),
  UNIQUE (list_id, code)
);

ALTER TABLE campaigns ADD COLUMN voucher_list_id bigint REFERENCES voucher_lists (id) ON DELETE SET NULL;
