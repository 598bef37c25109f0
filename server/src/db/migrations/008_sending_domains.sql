-- Sending domains (`/api/v1/sending-domains`): the domains an account sends From, each with its DKIM
-- key pair and what DNS verification found. A domain belongs to one account of a company (the master,
-- subaccount 0, or one subaccount); the master's may be shared with its subaccounts. Another company
-- may register the same name: only the one whose records are in DNS gets it verified.
-- A verified CNAME makes the domain usable as a bounce domain; each account has at most one default.
CREATE TABLE sending_domains (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  subaccount_id bigint NOT NULL DEFAULT 0,
  domain text NOT NULL CHECK (domain = lower(domain)),
  tracking_domain text,
  shared_with_subaccounts boolean NOT NULL DEFAULT false,
  is_default_bounce_domain boolean NOT NULL DEFAULT false,
  dkim_selector text NOT NULL,
  dkim_signing_domain text NOT NULL,
  dkim_headers text NOT NULL,
  dkim_public text NOT NULL,
  dkim_private text NOT NULL,
  dkim_status text NOT NULL DEFAULT 'unverified',
  cname_status text NOT NULL DEFAULT 'unverified',
  spf_status text NOT NULL DEFAULT 'unverified',
  dmarc_status text NOT NULL DEFAULT 'unverified',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, domain)
);

CREATE UNIQUE INDEX sending_domains_default_bounce ON sending_domains (company_id, subaccount_id)
  WHERE is_default_bounce_domain;
