-- Contact imports (issue 24, §7 /contacts/import): the file is read once into staging rows, which are
-- then applied to the contact book in slices. Each slice commits its rows and the import's counters
-- together, so a process killed at any point resumes where the last commit stood.

CREATE TABLE contact_imports (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  -- The uploaded file under DATA_DIR, until the import ends (an XLSX file is kept as CSV).
  file_path text NOT NULL,
  encoding text NOT NULL,
  delimiter text NOT NULL,
  headers jsonb NOT NULL,
  state text NOT NULL CHECK (state IN ('prepared', 'running', 'done', 'failed')),
  -- Set by start: header → email | field tag | skip, the mode, label ids, empty cells keep or clear.
  mapping jsonb,
  mode text CHECK (mode IN ('add', 'update', 'upsert')),
  labels jsonb,
  empty_cells text CHECK (empty_cells IN ('keep', 'clear')),
  -- Data rows read into staging (and whether the file was read through), then rows applied.
  rows_read int NOT NULL DEFAULT 0,
  read_done boolean NOT NULL DEFAULT false,
  processed int NOT NULL DEFAULT 0,
  added int NOT NULL DEFAULT 0,
  updated int NOT NULL DEFAULT 0,
  skipped int NOT NULL DEFAULT 0,
  failed int NOT NULL DEFAULT 0,
  error text,
  -- The worker holding it; another one takes it over when the claim lapses.
  claimed_until timestamptz,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX contact_imports_company_idx ON contact_imports (company_id, created_at DESC);
-- One unfinished import a company (§8 "unfinished import").
CREATE UNIQUE INDEX contact_imports_running_idx ON contact_imports (company_id) WHERE state = 'running';

-- The file's valid rows, by their data row number (1 is the first row under the header).
CREATE TABLE contact_import_rows (
  import_id uuid NOT NULL REFERENCES contact_imports (id) ON DELETE CASCADE,
  row_number int NOT NULL,
  -- The file's line where the row ends (a quoted cell may span lines): what errors name.
  line int NOT NULL,
  email text NOT NULL,
  firstname text,
  lastname text,
  phone text,
  -- Custom values by field id; JSON null clears the value (empty cells "clear").
  fields jsonb NOT NULL,
  PRIMARY KEY (import_id, row_number)
);
-- In-file duplicates: the last row of an address wins.
CREATE INDEX contact_import_rows_email_idx ON contact_import_rows (import_id, email, row_number);

-- Rows not applied, with the file's line and why: the rejected-rows CSV.
CREATE TABLE contact_import_errors (
  import_id uuid NOT NULL REFERENCES contact_imports (id) ON DELETE CASCADE,
  line int NOT NULL,
  column_name text NOT NULL,
  reason text NOT NULL
);
CREATE INDEX contact_import_errors_idx ON contact_import_errors (import_id, line);

CREATE TABLE contact_import_settings (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  mode text NOT NULL CHECK (mode IN ('add', 'update', 'upsert')),
  empty_cells text NOT NULL CHECK (empty_cells IN ('keep', 'clear'))
);
