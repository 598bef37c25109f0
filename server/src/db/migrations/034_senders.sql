-- Marketing senders (§5, §7 /senders): the From addresses of a company's campaigns. One is usable once
-- someone at the address followed the mailed link (validated_at); only the link token's hash is kept,
-- and kept after use, so a second use of the link can be told from a wrong one.
CREATE TABLE senders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  name text NOT NULL,
  reply_to text,
  is_default boolean NOT NULL DEFAULT false,
  validated_at timestamptz,
  token_hash text NOT NULL,
  token_expires_at timestamptz NOT NULL,
  -- When the last link was mailed; null while that mail could not be sent.
  link_sent_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (company_id, email),
  CHECK (NOT is_default OR validated_at IS NOT NULL)
);
-- At most one default sender a company.
CREATE UNIQUE INDEX senders_default_idx ON senders (company_id) WHERE is_default;
-- The company's list, newest first.
CREATE INDEX senders_company_created_idx ON senders (company_id, created_at DESC, id DESC);
