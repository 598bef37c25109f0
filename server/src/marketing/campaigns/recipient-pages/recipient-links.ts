import { type ReaderLinkTag, readerLinkTags } from '@app/contract/marketing/contacts';
import { deriveKey, TAG_CHARS, tagMatches, tagOf } from '../../../signer.ts';

/** The pages a campaign's reader opens from the mail, by the merge tag that holds each one's link. */
const recipientPages: Record<ReaderLinkTag, string> = {
  view_in_browser_url: 'view',
  preferences_url: 'preferences',
  forward_url: 'forward',
  complaint_url: 'complaint',
  reply_url: 'reply',
};

/** Who a page is for: a contact of the campaign's company, or nobody ('0': a test or a forwarded copy). */
export interface RecipientRef {
  campaignId: string;
  contactId: string;
}

export const nobody = '0';

const pattern = new RegExp(`^(\\d{1,19})-(\\d{1,19})\\.([A-Za-z0-9_-]{${TAG_CHARS}})$`);
const signed = ({ campaignId, contactId }: RecipientRef) => `recipient:${campaignId}:${contactId}`;

export type RecipientLinks = ReturnType<typeof createRecipientLinks>;

/**
 * The signed links of each reader's pages: `/email/<page>/<campaign>-<contact>.<HMAC>`. Nobody without
 * the server's SECRET can make one, so nobody can act for another address; one token serves every page.
 */
export function createRecipientLinks(deps: { secret: string; publicUrl: string }) {
  const key = deriveKey(deps.secret, 'campaign recipient pages');
  const base = deps.publicUrl.replace(/\/+$/, '');
  const tokenOf = (ref: RecipientRef) => `${ref.campaignId}-${ref.contactId}.${tagOf(key, signed(ref))}`;
  const only = (
    ref: RecipientRef,
    tags: readonly ReaderLinkTag[],
  ): Partial<Record<ReaderLinkTag, string>> => {
    if (tags.length === 0) return {};
    const token = tokenOf(ref);
    return Object.fromEntries(tags.map((tag) => [tag, `${base}/email/${recipientPages[tag]}/${token}`]));
  };
  return {
    /** Each page's link for the reader, under its merge tag. */
    of: (ref: RecipientRef) => only(ref, readerLinkTags) as Record<ReaderLinkTag, string>,

    /** The links of `tags` only: a send gives each recipient those its content uses, not five URLs it never shows. */
    only,

    /** The link tags `texts` (a mail's subject and html) use. */
    usedIn: (texts: readonly string[]): ReaderLinkTag[] =>
      readerLinkTags.filter((tag) => texts.some((text) => text.includes(tag))),

    /** Whom a token names, or undefined when it is forged, altered or garbled. */
    read(token: string): RecipientRef | undefined {
      const match = pattern.exec(token);
      if (!match) return undefined;
      const ref = { campaignId: match[1] ?? '', contactId: match[2] ?? '' };
      return tagMatches(key, signed(ref), match[3] ?? '') ? ref : undefined;
    },
  };
}
