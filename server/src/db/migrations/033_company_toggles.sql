-- §6 per-company toggles the operator turns on (contract/src/accounts/company-toggles.ts).
ALTER TABLE companies ADD COLUMN toggles text[] NOT NULL DEFAULT '{}';
