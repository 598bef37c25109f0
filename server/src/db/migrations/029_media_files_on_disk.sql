-- Uploaded files' bytes move out of the database into the file store (MEDIA_DIR): a row keeps what
-- the file is (name, type, size, SHA-256) and where it lies (storage_key, `<company>/<id>`). Rows
-- written before keep their bytes until the server moves them, one at a time, after it starts
-- (media-store.ts moveOneLegacy); until then they are served from the database.
ALTER TABLE media_files ADD COLUMN storage_key text;
ALTER TABLE media_files ADD COLUMN sha256 text;
ALTER TABLE media_files ALTER COLUMN bytes DROP NOT NULL;
CREATE INDEX media_files_in_database ON media_files (id) WHERE storage_key IS NULL;

-- What each company's files take, kept with each upload and deletion: its row is the lock that makes
-- two uploads at once unable to pass the quota together.
CREATE TABLE media_usage (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  bytes bigint NOT NULL
);
INSERT INTO media_usage (company_id, bytes)
SELECT company_id, sum(size) FROM media_files GROUP BY company_id;
