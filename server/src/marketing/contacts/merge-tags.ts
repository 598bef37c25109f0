import { builtInFieldTags, readerLinkTags } from '@app/contract/marketing/contacts';
import type { Db } from '../../db/db.ts';
import { fieldStore } from './field-store.ts';

/**
 * The merge tags of a company's contacts, for the email editor: the built-in fields' tags, its own,
 * then the links to the reader's pages that each campaign send fills in.
 */
export function contactMergeTags(db: Db): (companyId: string) => Promise<string[]> {
  return async (companyId) => [
    ...builtInFieldTags,
    ...(await fieldStore.list(db, companyId)).map((field) => field.tag),
    ...readerLinkTags,
  ];
}
