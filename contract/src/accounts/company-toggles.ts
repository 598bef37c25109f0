/**
 * §6's per-company toggles, which the operator sets (`admin set-toggle`) and the marketing features
 * read: deleting many contacts at once, downloading a campaign's HTML, no header space in the
 * editor, importing contacts without an email address, and no chat widget.
 */
export const companyToggles = [
  'largeContactDelete',
  'htmlDownload',
  'noHeaderSpace',
  'customImportWithoutEmail',
  'chatDisabled',
] as const;

export type CompanyToggle = (typeof companyToggles)[number];
