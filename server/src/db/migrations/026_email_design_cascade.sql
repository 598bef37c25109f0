-- A design lives and dies with its template: deleting the template deletes its design, so a new
-- template of the same id never opens (or overwrites itself with) the old one's design.
DELETE FROM email_designs d
 WHERE NOT EXISTS (
   SELECT 1 FROM templates t
    WHERE t.company_id = d.company_id AND t.subaccount_id = d.subaccount_id AND t.id = d.template_id
 );
ALTER TABLE email_designs
  ADD CONSTRAINT email_designs_template
  FOREIGN KEY (company_id, subaccount_id, template_id)
  REFERENCES templates (company_id, subaccount_id, id) ON DELETE CASCADE;
