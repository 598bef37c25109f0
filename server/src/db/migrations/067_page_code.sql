-- The HTML of a published page's Code blocks (§9 Code), each served on the sites at
-- /embed/code/{hash} into a sandboxed frame of the page, never inside the page itself. Written when
-- the page is published, removed when it is unpublished or deleted; `hash` names the HTML (sha256).
CREATE TABLE page_code (
  page_id bigint NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
  hash text NOT NULL,
  html text NOT NULL,
  PRIMARY KEY (page_id, hash)
);
CREATE INDEX page_code_hash_idx ON page_code (hash);
