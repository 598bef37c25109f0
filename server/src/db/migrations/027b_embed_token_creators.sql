-- An embed token answers to who made it: an API key (the token stops when the key is deleted or loses
-- templates/modify) or a console session (it stops when the session ends or is logged out, when the member
-- leaves the company or when their role no longer allows templates.manage). The creator is checked on every
-- /embed/v1 request; deleting a key or a user (and with it their sessions) deletes its tokens.
--
-- Tokens made by a session before now cannot be tied to one: they end here (they lived at most a day).
DELETE FROM embed_tokens WHERE created_by = 'session';
DELETE FROM embed_tokens e WHERE NOT EXISTS (SELECT 1 FROM api_keys k WHERE k.id::text = e.created_by);

ALTER TABLE embed_tokens ADD COLUMN api_key_id uuid REFERENCES api_keys (id) ON DELETE CASCADE;
ALTER TABLE embed_tokens ADD COLUMN session_id uuid REFERENCES sessions (id) ON DELETE CASCADE;
UPDATE embed_tokens SET api_key_id = created_by::uuid;
ALTER TABLE embed_tokens DROP COLUMN created_by;
ALTER TABLE embed_tokens ADD CONSTRAINT embed_tokens_one_creator CHECK (num_nonnulls(api_key_id, session_id) = 1);

CREATE INDEX embed_tokens_api_key ON embed_tokens (api_key_id);
CREATE INDEX embed_tokens_session ON embed_tokens (session_id);
-- GET /api/v1/embed-tokens: an account's live tokens, newest first.
CREATE INDEX embed_tokens_account ON embed_tokens (company_id, subaccount_id, created_at DESC);
