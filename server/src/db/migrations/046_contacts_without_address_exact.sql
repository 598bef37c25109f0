-- Imports without an address (043), made exact: whether an import may bring rows without an address
-- is decided when it starts (the toggle may change while it runs), and phones match by their digits
-- and + signs only ("+351 900 000 002" is "+351900000002"), as the import compares them.
ALTER TABLE contact_imports ADD COLUMN address_optional boolean NOT NULL DEFAULT false;
DROP INDEX contact_import_rows_phone_idx;
DROP INDEX contacts_company_phone_no_address_idx;
CREATE INDEX contact_import_rows_phone_idx
  ON contact_import_rows (import_id, (regexp_replace(phone, '[^0-9+]', '', 'g')), row_number)
  WHERE email IS NULL;
CREATE INDEX contacts_company_phone_no_address_idx
  ON contacts (company_id, (regexp_replace(phone, '[^0-9+]', '', 'g')))
  WHERE email IS NULL;
