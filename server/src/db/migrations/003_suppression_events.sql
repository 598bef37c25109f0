-- Suppression search pages with a keyset on (updated_at, recipient, type) in either direction: the
-- index holds the whole key so a page is one index range scan.
DROP INDEX suppressions_updated_idx;
CREATE INDEX suppressions_updated_idx ON suppressions (company_id, subaccount_id, updated_at, recipient, type);
