import { abMessages, abVersionNames } from '@app/contract/marketing/ab-test-words';
import type { AbVersion } from '@app/contract/marketing/campaigns';
import { campaignMail } from '../campaign-content.ts';
import type { CampaignRow, FrozenContent } from '../campaign-store.ts';

type MailDeps = Parameters<typeof campaignMail>[1];

/**
 * What each version of an A/B test sends (A, the campaign's own, first): a version's subject, sender
 * name or content instead of the campaign's. Or why one cannot go out, naming the version.
 */
export async function versionMails(campaign: CampaignRow, deps: MailDeps): Promise<FrozenContent[] | string> {
  const mails: FrozenContent[] = [];
  const versions: AbVersion[] = [{}, ...(campaign.ab?.versions ?? [])];
  for (const [index, version] of versions.entries()) {
    const mail = await campaignMail(
      {
        ...campaign,
        subject: version.subject ?? campaign.subject,
        content: version.content ?? campaign.content,
      },
      deps,
    );
    if (typeof mail === 'string') return `Version ${abVersionNames[index]}: ${mail}`;
    mails.push(version.senderName ? { ...mail, from: { ...mail.from, name: version.senderName } } : mail);
  }
  return mails;
}

/** Why an A/B test's versions do not make a test: one that changes nothing. */
export function sameAsA(campaign: Pick<CampaignRow, 'ab'>): string | undefined {
  const unchanged = campaign.ab?.versions.some(
    (version) => !version.subject && !version.senderName && !version.content,
  );
  return unchanged ? abMessages.sameAsA : undefined;
}
