-- A sending domain's additional DKIM keys (SparkPost's `/sending-domains/{domain}/dkim-keys`): the
-- domain's own key (sending_domains.dkim_*) is the "default" one; these are chosen per message with
-- options.dkim_key and sign only once their record is verified. The private key is stored as the
-- default key's is (PKCS #8 PEM): the server signs with it. Each goes with its domain.
CREATE TABLE sending_domain_dkim_keys (
  company_id uuid NOT NULL,
  domain text NOT NULL,
  key_id text NOT NULL CHECK (key_id ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$' AND lower(key_id) <> 'default'),
  selector text NOT NULL,
  signing_domain text NOT NULL,
  headers text NOT NULL,
  public_key text NOT NULL,
  private_key text NOT NULL,
  dkim_status text NOT NULL DEFAULT 'unverified',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, domain, key_id),
  FOREIGN KEY (company_id, domain) REFERENCES sending_domains (company_id, domain) ON DELETE CASCADE
);

-- Two keys of a domain at one selector and signing domain would want the same TXT record.
CREATE UNIQUE INDEX sending_domain_dkim_keys_record
  ON sending_domain_dkim_keys (company_id, domain, signing_domain, selector);
