-- Managed certificates of tracking domains (`POST /tracking-domains/{domain}/certificate/enable`).
-- This server runs no ACME client: "managed" means the operator's TLS terminator in front of
-- PUBLIC_URL's host serves the domain's certificate, and tls_status is what the last check found when
-- it asked that host for the name (tls_error why it was not valid; the dates are the certificate's).
ALTER TABLE tracking_domains
  ADD COLUMN uses_managed_certificate boolean NOT NULL DEFAULT false,
  ADD COLUMN tls_status text NOT NULL DEFAULT 'unknown',
  ADD COLUMN tls_error text,
  ADD COLUMN tls_issued_at timestamptz,
  ADD COLUMN tls_expires_at timestamptz;
