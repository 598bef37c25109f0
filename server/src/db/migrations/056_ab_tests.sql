-- A/B tests (issue 25, §7 /ab-test): a campaign with versions. The versions go to a test share of the
-- audience (the contacts whose hash under the campaign's id is at most `threshold` in ab_state, fixed
-- when the send starts), each recipient's version kept; after the wait, the winner goes to the rest.
ALTER TABLE campaigns
  -- {versions: [{subject?, senderName?, content?}], testShare, waitHours, metric}; null: a plain campaign
  ADD COLUMN ab jsonb,
  -- {phase, threshold, testEndsAt, winner, pickedBy}, set when the send starts
  ADD COLUMN ab_state jsonb,
  -- What each version sends (A first), fixed when the send starts.
  ADD COLUMN frozen_versions jsonb;

-- The version a test recipient got (0 = A); null for a plain campaign's and the winner's recipients.
ALTER TABLE campaign_recipients ADD COLUMN version smallint;
