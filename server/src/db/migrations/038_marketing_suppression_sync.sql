-- One unsubscribe truth (issue 24): marketing follows the engine's non-transactional suppression list
-- (unsubscribe links, List-Unsubscribe, bounces, complaints) through a cursor over its changes.

-- The engine's door `marketingSuppressionChanges` reads the master accounts' entries in change order.
CREATE INDEX suppressions_marketing_changes_idx ON suppressions (updated_at, company_id, recipient)
  WHERE subaccount_id = 0 AND type = 'non_transactional';

-- Where each marketing follower stands in what it follows ({at, company, recipient} of the last change seen).
CREATE TABLE marketing_sync_cursors (
  name text PRIMARY KEY,
  cursor jsonb NOT NULL
);
