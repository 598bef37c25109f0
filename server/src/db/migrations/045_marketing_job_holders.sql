-- The worker process holding a contact import or export (its id in worker_processes, see 030): a job
-- whose holder is found dead is free at once, not when its claim lapses (30 s for an import, 2 minutes
-- for an export). On PGlite a restarted server finds every earlier process dead as it starts, so it
-- takes up at once what a killed one left running. Null when no process holds it, or the claimer named
-- none.
ALTER TABLE contact_imports ADD COLUMN claimed_by text;
ALTER TABLE contact_exports ADD COLUMN claimed_by text;
