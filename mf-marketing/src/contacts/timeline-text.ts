import type { ContactTimelineEntry } from '@app/contract/marketing/contacts';

const titles: Record<string, string> = {
  injection: 'Sent',
  delivery: 'Delivered',
  delay: 'Delayed',
  open: 'Opened',
  initial_open: 'Opened',
  amp_open: 'Opened',
  amp_initial_open: 'Opened',
  click: 'Clicked',
  amp_click: 'Clicked',
  bounce: 'Bounced',
  out_of_band: 'Bounced',
  spam_complaint: 'Reported as spam',
  list_unsubscribe: 'Unsubscribed',
  link_unsubscribe: 'Unsubscribed',
  policy_rejection: 'Rejected',
  generation_rejection: 'Rejected',
  generation_failure: 'Not sent',
  label_added: 'Joined a label',
  contact_created: 'Added to the contact book',
};

/** One timeline entry in words: what happened, and to which mail (or label, or from where). */
export function timelineText(entry: ContactTimelineEntry): { title: string; detail: string } {
  const title = titles[entry.type] ?? entry.type.replaceAll('_', ' ');
  if (entry.type === 'label_added') return { title, detail: entry.detail };
  if (entry.type === 'contact_created') return { title, detail: `From ${entry.detail}` };
  const mail = entry.subject ? `“${entry.subject}”` : 'A mail';
  return { title, detail: entry.detail ? `${mail}: ${entry.detail}` : mail };
}
