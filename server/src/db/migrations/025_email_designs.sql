-- The block email editor (<email-editor>). It talks to /embed/v1 with a short-lived embed token made by
-- POST /api/v1/embed-tokens: only the token's SHA-256 is kept. Expired rows are deleted when a new token
-- is made.
CREATE TABLE embed_tokens (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  subaccount_id bigint NOT NULL DEFAULT 0,
  token_hash text NOT NULL,
  -- The one template the token may edit; null: any template of the account.
  template_id text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  -- The API key's id, or 'session' for a console session.
  created_by text NOT NULL
);

CREATE UNIQUE INDEX embed_tokens_hash ON embed_tokens (token_hash);
CREATE INDEX embed_tokens_expiry ON embed_tokens (expires_at);

-- A template's design document (contract/src/editor/design.ts); the HTML and text made from
-- it are stored on the engine template (templates) in the same transaction. `revision` is bumped by
-- every save: a save naming an older one is refused so no edit is lost.
CREATE TABLE email_designs (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  subaccount_id bigint NOT NULL DEFAULT 0,
  template_id text NOT NULL,
  design jsonb NOT NULL,
  schema_version integer NOT NULL,
  revision integer NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, subaccount_id, template_id)
);

-- The company's file store (§5): images and documents put in designs, served publicly at /media/:id/:name.
CREATE TABLE media_files (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  subaccount_id bigint NOT NULL DEFAULT 0,
  name text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE INDEX media_files_owner ON media_files (company_id, subaccount_id, created_at DESC, id DESC);

-- Blocks a company saved for reuse in the editor (at most 100 a company).
CREATE TABLE editor_saved_blocks (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  subaccount_id bigint NOT NULL DEFAULT 0,
  name text NOT NULL,
  block jsonb NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE INDEX editor_saved_blocks_owner ON editor_saved_blocks (company_id, created_at);
