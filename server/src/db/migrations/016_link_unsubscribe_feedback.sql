-- A person following a message's unsubscribe link (data-msys-unsubscribe="1", open and click
-- tracking) is feedback recorded once per message, as a list unsubscribe is.
ALTER TABLE message_feedback DROP CONSTRAINT message_feedback_kind_check;
ALTER TABLE message_feedback ADD CONSTRAINT message_feedback_kind_check
  CHECK (kind IN ('out_of_band', 'spam_complaint', 'list_unsubscribe', 'link_unsubscribe'));
