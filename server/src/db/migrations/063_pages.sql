-- Landing and thank-you pages (issue 26, §3 Page and Domain, §7 /pages, /domains): what a company
-- publishes on its sites, where (its slug on the sites origin, its own domains), and who came.

-- The company's site on the sites origin: /{slug}/{permalink}. Made with its first page.
CREATE TABLE page_sites (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  slug text NOT NULL UNIQUE
);

CREATE TABLE pages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  category text NOT NULL CHECK (category IN ('LANDING', 'THANK_YOU')),
  permalink text NOT NULL,
  design jsonb NOT NULL,
  setting jsonb NOT NULL,
  -- What the sites show: the document rendered when the page was last published.
  published boolean NOT NULL DEFAULT false,
  published_html text,
  published_at timestamptz,
  -- Edited since it was published (§4 "changed").
  changed boolean NOT NULL DEFAULT false,
  is_default boolean NOT NULL DEFAULT false,
  is_default_404 boolean NOT NULL DEFAULT false,
  -- Set while the page is shared: its draft is shown at /share/{token}.
  share_token text UNIQUE,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX pages_permalink_idx ON pages (company_id, permalink);
CREATE UNIQUE INDEX pages_default_idx ON pages (company_id) WHERE is_default;
CREATE UNIQUE INDEX pages_default_404_idx ON pages (company_id) WHERE is_default_404;
CREATE INDEX pages_company_idx ON pages (company_id, created_at DESC);

-- One view of a published page. `visitor` is a hash of the visitor's address and browser salted
-- with the day, so a visitor counts once a day and is never stored; `country` comes from the
-- bundled IP database ('' for private and unknown addresses).
CREATE TABLE page_visits (
  page_id bigint NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  visitor text NOT NULL,
  country text NOT NULL
);
CREATE INDEX page_visits_page_idx ON page_visits (page_id, at);

-- A company's own domains for its pages. Any company may add a name; the DNS TXT record proves
-- whose it is, and only one company's can be verified.
CREATE TABLE page_domains (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  verify_token text NOT NULL,
  validated_at timestamptz,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX page_domains_company_name_idx ON page_domains (company_id, name);
CREATE UNIQUE INDEX page_domains_validated_idx ON page_domains (name) WHERE validated_at IS NOT NULL;
CREATE UNIQUE INDEX page_domains_default_idx ON page_domains (company_id) WHERE is_default;

-- A domain's HTTPS certificate from the ACME server (ACME_DIRECTORY_URL), its key sealed with the
-- server's secret; and the HTTP-01 answers waiting for the ACME server to fetch them from any process.
CREATE TABLE page_domain_certificates (
  domain_id bigint PRIMARY KEY REFERENCES page_domains (id) ON DELETE CASCADE,
  certificate_pem text NOT NULL,
  key_sealed text NOT NULL,
  expires_at timestamptz NOT NULL,
  issued_at timestamptz NOT NULL
);

CREATE TABLE acme_challenges (
  token text PRIMARY KEY,
  key_authorization text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- The ACME account this server asks with, one per ACME server.
CREATE TABLE acme_accounts (
  directory_url text PRIMARY KEY,
  key_sealed text NOT NULL,
  -- Known after the first order: later orders go straight on (no second registration).
  account_url text
);

-- The company's analytics and pixels on its hosted pages (menu Page Integration; §3 Team fbPixel, ga, gtm, linkedin).
CREATE TABLE page_integrations (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);
