-- A caller-chosen key that makes a transmission's acceptance happen once (a campaign's batches: a
-- worker that resubmits a batch after a crash finds the first acceptance instead of sending again).
-- Enforced by the transaction that writes the transmission with its messages and charges.
ALTER TABLE transmissions ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX transmissions_idempotency_idx ON transmissions (company_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
