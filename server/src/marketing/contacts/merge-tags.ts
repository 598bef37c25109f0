import { builtInFieldTags, sendFilledTags } from '@app/contract/marketing/contacts';
import type { Db } from '../../db/db.ts';
import { fieldStore } from './field-store.ts';

/**
 * The merge tags of a company's contacts, for the email editor: the built-in fields' tags, its own,
 * then the tags each campaign send fills in (the reader's page links, its voucher code).
 */
export function contactMergeTags(db: Db): (companyId: string) => Promise<string[]> {
  return async (companyId) => [
    ...builtInFieldTags,
    ...(await fieldStore.list(db, companyId)).map((field) => field.tag),
    ...sendFilledTags,
  ];
}
