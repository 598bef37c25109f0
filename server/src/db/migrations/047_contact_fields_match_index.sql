-- Segment rules "field is value" (issue 24): without an index such a count reads every contact of the
-- company (about 450 ms at a million on PostgreSQL). The contacts' custom values, lower-cased as text
-- and read back as jsonb, under a GIN index: a rule's value is found by containment
-- (`@> {"<field id>": "<lower-cased value>"}`), and the exact comparison re-checks each hit.
CREATE INDEX contacts_fields_lower_idx ON contacts
  USING gin ((lower(fields::text)::jsonb) jsonb_path_ops);
