-- A label's audience counted without walking the label (issue 25: count-recipient over a label of
-- 1,000,000 contacts, 500-900 ms by a join, against 300 ms): each membership keeps whether its contact
-- may be mailed (subscribed, with an address), so the audience is the label's kept member count less
-- its members that may not be (few; a partial index holds them).
ALTER TABLE contact_label_members ADD COLUMN mailable boolean NOT NULL DEFAULT true;
-- No membership or status written between the copy and the triggers goes unseen.
LOCK TABLE contacts, contact_label_members IN SHARE ROW EXCLUSIVE MODE;
UPDATE contact_label_members m SET mailable = false
  FROM contacts c WHERE c.id = m.contact_id AND (c.status <> 'subscribed' OR c.email IS NULL);
CREATE INDEX contact_label_members_unmailable_idx ON contact_label_members (label_id) WHERE NOT mailable;

-- New memberships take their contact's state. Each contact is locked FOR SHARE first: a status change
-- being written is waited for (and then read), and one that comes later waits for this transaction,
-- whose memberships it then sees (contacts are locked in id order).
CREATE FUNCTION contact_label_members_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM contacts WHERE id IN (SELECT contact_id FROM added) ORDER BY id FOR SHARE;
  UPDATE contact_label_members m SET mailable = false
  FROM added a JOIN contacts c ON c.id = a.contact_id
  WHERE m.label_id = a.label_id AND m.contact_id = a.contact_id
    AND (c.status <> 'subscribed' OR c.email IS NULL);
  RETURN NULL;
END
$$;

-- A contact that becomes mailable or stops being so changes its memberships; opens, clicks, names and
-- field values write nothing.
CREATE FUNCTION contact_label_members_contact_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_label_members SET mailable = (NEW.status = 'subscribed' AND NEW.email IS NOT NULL)
  WHERE contact_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER contact_label_members_added AFTER INSERT ON contact_label_members
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION contact_label_members_added();
CREATE TRIGGER contacts_mailable_moved AFTER UPDATE OF status, email ON contacts
  FOR EACH ROW WHEN (
    (OLD.status = 'subscribed' AND OLD.email IS NOT NULL) IS DISTINCT FROM
    (NEW.status = 'subscribed' AND NEW.email IS NOT NULL))
  EXECUTE FUNCTION contact_label_members_contact_moved();
