-- Segments (issue 24): rules stored as data (a group of conditions), compiled to parameterised SQL
-- each time they are used, so a segment is always fresh and never rebuilt.
CREATE TABLE contact_segments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  rules jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX contact_segments_name_idx ON contact_segments (company_id, lower(name));
