-- IP pools (`/api/v1/ip-pools`): named groups of this machine's own source addresses that delivery
-- binds its sockets to. Pools belong to the company (SparkPost's master account); a subaccount's
-- subaccounts.ip_pool restricts its mail to one of them. The "default" pool is not stored: it is
-- the machine's default source address.
CREATE TABLE ip_pools (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  id text NOT NULL,
  name text NOT NULL,
  signing_domain text NOT NULL DEFAULT '',
  fbl_signing_domain text NOT NULL DEFAULT '',
  auto_warmup_overflow_pool text NOT NULL DEFAULT '',
  -- Local addresses (IPv4 or IPv6, normalized); one pool per address within a company.
  ips text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, id)
);

-- Feedback already recorded for a message (a bounce report, a complaint, an unsubscribe): the
-- second report or click of the same kind changes nothing.
CREATE TABLE message_feedback (
  message_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('out_of_band', 'spam_complaint', 'list_unsubscribe')),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (message_id, kind)
);
