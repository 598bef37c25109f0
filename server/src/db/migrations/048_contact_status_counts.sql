-- The Contact Book's totals (all contacts, or those of some statuses) without counting: at a million
-- contacts an index-only count of one status took 60-110 ms, over the list's 100 ms on the embedded
-- database (bench:audience). Kept by statement triggers over each statement's changed rows, so an
-- import's slice writes one row per status, and an update that changes no status writes nothing.
CREATE TABLE contact_status_counts (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  status text NOT NULL,
  contacts bigint NOT NULL,
  PRIMARY KEY (company_id, status)
);
INSERT INTO contact_status_counts (company_id, status, contacts)
  SELECT company_id, status, count(*) FROM contacts GROUP BY company_id, status;

-- Adds each (company, status, change) of `changes` to the counts; a company deleted with its contacts
-- (the statement that deletes it) keeps no count.
CREATE FUNCTION contact_status_counts_add(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO contact_status_counts AS counts (company_id, status, contacts)
  SELECT change.company_id, change.status, change.n
  FROM jsonb_to_recordset(changes) AS change (company_id uuid, status text, n bigint)
  WHERE change.n <> 0 AND EXISTS (SELECT 1 FROM companies WHERE companies.id = change.company_id)
  ON CONFLICT (company_id, status) DO UPDATE SET contacts = counts.contacts + excluded.contacts
$$;

-- The statement's rows in (`added`: inserted, or as they are now) and out (`removed`: deleted, or as
-- they were), netted by company and status.
CREATE FUNCTION contact_status_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM contact_status_counts_add(jsonb_agg(g)) FROM (
      SELECT company_id, status, count(*) AS n FROM added GROUP BY company_id, status) g;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM contact_status_counts_add(jsonb_agg(g)) FROM (
      SELECT company_id, status, -count(*) AS n FROM removed GROUP BY company_id, status) g;
  ELSE
    PERFORM contact_status_counts_add(jsonb_agg(g)) FROM (
      SELECT company_id, status, sum(n) AS n FROM (
        SELECT company_id, status, 1 AS n FROM added
        UNION ALL
        SELECT company_id, status, -1 FROM removed) change
      GROUP BY company_id, status) g;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER contacts_inserted_status_counts AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION contact_status_counts_follow();
CREATE TRIGGER contacts_updated_status_counts AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION contact_status_counts_follow();
CREATE TRIGGER contacts_deleted_status_counts AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION contact_status_counts_follow();
