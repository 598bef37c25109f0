import { builtInFieldTags, readerLinkTags, sendFilledTags } from '@app/contract/marketing/contacts';
import type { Db } from '../../db/db.ts';
import { type FieldRow, fieldStore } from './field-store.ts';

/** What the editor's preview fills the built-in and send-filled tags with: made up, never a contact's. */
const fixedSamples: Record<string, string> = {
  email: 'alex.morgan@example.com',
  firstname: 'Alex',
  lastname: 'Morgan',
  phone: '+1 555 0100',
  voucher: 'SAMPLE-10',
  ...Object.fromEntries(readerLinkTags.map((tag) => [tag, '#'])),
};

/** A made-up value of a custom field's type: its first choice, today's date, a number, "yes". */
function sampleOf(field: FieldRow, today: string): string {
  if (field.type === 'choice') return field.choices?.[0] ?? field.name;
  if (field.type === 'date') return today;
  if (field.type === 'number') return '42';
  if (field.type === 'boolean') return 'yes';
  return field.name;
}

export interface MergeTags {
  tags: string[];
  /** A made-up value for each tag, for the editor's preview. */
  samples: Record<string, string>;
}

/**
 * The merge tags of a company's contacts, for the email editor: the built-in fields' tags, its own,
 * then the tags each campaign send fills in (the reader's page links, its voucher code), each with a
 * sample value the preview shows (a vendor's embed token must never see a real contact).
 */
export function contactMergeTags(
  db: Db,
  now: () => Date = () => new Date(),
): (companyId: string) => Promise<MergeTags> {
  return async (companyId) => {
    const fields = await fieldStore.list(db, companyId);
    const today = now().toISOString().slice(0, 10);
    return {
      tags: [...builtInFieldTags, ...fields.map((field) => field.tag), ...sendFilledTags],
      samples: {
        ...fixedSamples,
        ...Object.fromEntries(fields.map((field) => [field.tag, sampleOf(field, today)])),
      },
    };
  };
}
