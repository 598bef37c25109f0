-- §6 "custom import without email": with the company's toggle an import may bring contacts without
-- an address. Such a row is staged with a null email; it is matched by its phone against the
-- company's contacts without an address (the only other built-in identity), so the same file imported
-- twice changes nothing, and in-file rows of one phone merge (the last wins) as rows of one address do.
ALTER TABLE contact_import_rows ALTER COLUMN email DROP NOT NULL;
CREATE INDEX contact_import_rows_phone_idx ON contact_import_rows (import_id, phone, row_number)
  WHERE email IS NULL;
CREATE INDEX contacts_company_phone_no_address_idx ON contacts (company_id, phone) WHERE email IS NULL;
