-- Files visitors attach to a form's Upload File fields (§9 uploadFile, §5 types, 20 MB each). A file
-- is received before its submission (the visitor's browser sends it as the form is submitted) and
-- waits, unclaimed, until the submission names it; one left unclaimed an hour is removed. Its bytes
-- are in the file store under `form-uploads/<company id>/<id>`; the plan's formUploadLimit counts
-- every kept file of the company.
CREATE TABLE form_uploads (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  form_id bigint NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
  component_id text NOT NULL,
  submission_id bigint REFERENCES form_submissions (id) ON DELETE CASCADE,
  name text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX form_uploads_company_idx ON form_uploads (company_id);
CREATE INDEX form_uploads_submission_idx ON form_uploads (submission_id);
CREATE INDEX form_uploads_unclaimed_idx ON form_uploads (created_at) WHERE submission_id IS NULL;
