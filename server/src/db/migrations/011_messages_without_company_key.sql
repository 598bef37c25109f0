-- The queue takes a large transmission's recipients in one COPY of up to 100,000 rows; checking the
-- foreign key to companies row by row was a third of that insert's time (measured on PostgreSQL 15).
-- Messages still name their company (and every query is scoped by it); the product never deletes a
-- company, and an operator who does deletes its messages by company_id.
ALTER TABLE messages DROP CONSTRAINT messages_company_id_fkey;

-- Only the sandbox inbox lists a company's messages by time; production messages are reached by id,
-- transmission or due time, so their inserts no longer maintain this index.
DROP INDEX messages_company_idx;
CREATE INDEX messages_company_idx ON messages (company_id, environment, created_at DESC)
  WHERE environment = 'sandbox';
