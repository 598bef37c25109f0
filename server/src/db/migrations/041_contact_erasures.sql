-- Hard erase (issue 24): a privacy request removes the contact, and only a hash of its address stays,
-- so the address is never mailed again by marketing. The same address added later comes back with
-- the status it had when it left (unsubscribed, bounced or complained; an import brings it in
-- unsubscribed); only the person's own resubscribe lifts the erasure.

CREATE TABLE contact_erasures (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- sha256 of the company id, a colon and the lower-cased address.
  address_hash bytea NOT NULL,
  status text NOT NULL CHECK (status IN ('unsubscribed', 'bounced', 'complained')),
  erased_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, address_hash)
);
