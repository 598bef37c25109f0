-- Recipient validation list jobs (`/api/v1/recipient-validation/upload`, `/job/{id}`, `/list`): an
-- uploaded CSV's addresses, validated in slices by the workers once the job is triggered. A job
-- belongs to one account of a company (the master, subaccount 0, or one subaccount); its addresses
-- and results go with it, purged some time after upload.
CREATE TABLE recipient_validation_jobs (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  subaccount_id bigint NOT NULL DEFAULT 0,
  original_filename text NOT NULL,
  -- queued_for_batch (waiting for the trigger), validating, success, error
  status text NOT NULL DEFAULT 'queued_for_batch',
  address_count integer NOT NULL,
  validated_count integer NOT NULL DEFAULT 0,
  -- A worker's claim on the next slice: another process leaves the job alone until then.
  claimed_until timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  completed_at timestamptz
);

CREATE INDEX recipient_validation_jobs_owner ON recipient_validation_jobs (company_id, subaccount_id, created_at);
CREATE INDEX recipient_validation_jobs_due ON recipient_validation_jobs (updated_at) WHERE status = 'validating';

CREATE TABLE recipient_validation_addresses (
  job_id uuid NOT NULL REFERENCES recipient_validation_jobs (id) ON DELETE CASCADE,
  position integer NOT NULL,
  address text NOT NULL,
  -- The single validation's fields, once validated.
  result jsonb,
  PRIMARY KEY (job_id, position)
);
