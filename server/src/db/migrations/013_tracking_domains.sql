-- Tracking domains (`/api/v1/tracking-domains`): custom host names that wrap the open pixel and links,
-- verified by a CNAME pointing at this server's public host. A domain belongs to one account of a
-- company (the master, subaccount 0, or one subaccount, set on creation only); each account has at
-- most one default, and only a verified domain may be it.
CREATE TABLE tracking_domains (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  subaccount_id bigint NOT NULL DEFAULT 0,
  domain text NOT NULL CHECK (domain = lower(domain)),
  secure boolean NOT NULL DEFAULT false,
  is_default boolean NOT NULL DEFAULT false,
  cname_status text NOT NULL DEFAULT 'unverified',
  cname_error text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, domain)
);

CREATE UNIQUE INDEX tracking_domains_default ON tracking_domains (company_id, subaccount_id) WHERE is_default;

-- A CNAME cannot tell two companies apart: the first to verify a name keeps it.
CREATE UNIQUE INDEX tracking_domains_verified_once ON tracking_domains (domain) WHERE cname_status = 'valid';
