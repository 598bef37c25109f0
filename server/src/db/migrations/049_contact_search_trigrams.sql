-- The Contact Book's search is a "contains" match (ILIKE '%…%') on the address and names, which no
-- btree serves: at a million contacts it read every row of the company. A trigram GIN index on the
-- text the search looks in (contact-store.ts, searchText) serves it. pg_trgm ships with PostgreSQL's
-- contrib modules (and is loaded into PGlite); where it cannot be had, search still works, unindexed.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX contacts_search_idx ON contacts USING gin (
      (coalesce(email, '') || ' ' || coalesce(firstname, '') || ' ' || coalesce(lastname, '')) gin_trgm_ops);
  ELSE
    RAISE NOTICE 'pg_trgm is not available: the Contact Book search runs without an index';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm could not be created: the Contact Book search runs without an index';
END
$$;
