import { campaignMissing, campaignRefusals } from '@app/contract/marketing/campaign-messages';
import type { CampaignContent } from '@app/contract/marketing/campaigns';
import type { RenderDesign } from '../../content/email-designs/render/render-design.ts';
import { escapeHtml } from '../../html-escape.ts';
import type { CompanyDoor } from '../company-door.ts';
import type { SenderDoor } from '../senders/sender-door.ts';
import type { CampaignRow, FrozenContent } from './campaign-store.ts';
import { utmTagsOf, withUtm, withUtmInText } from './utm-links.ts';

/** The campaign's id on the engine's transmissions, messages and events. */
export const engineCampaignId = (campaignId: string) => `campaign-${campaignId}`;

/** A link the engine treats as an unsubscribe when clicked (SparkPost's attribute, click tracking on). */
export const hasUnsubscribeLink = (html: string) => /\sdata-msys-unsubscribe\s*=\s*["']?1\b/i.test(html);

/**
 * The preheader as mail clients show it beside the subject: hidden text first in the body (or first
 * in the document when there is no body tag).
 */
export function withPreheader(html: string, preheader: string): string {
  if (preheader === '') return html;
  const hidden = `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(preheader)}</div>`;
  const body = /<body\b[^>]*>/i.exec(html);
  if (!body) return hidden + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + hidden + html.slice(at);
}

/** The campaign's HTML (and text, from a design) as it is sent, merge tags still in it. */
export async function campaignParts(
  companyId: string,
  content: CampaignContent,
  renderDesign: RenderDesign,
): Promise<{ html: string; text?: string }> {
  if ('html' in content) return { html: content.html };
  const rendered = await renderDesign(companyId, content.design);
  return { html: rendered.html, text: rendered.text };
}

/**
 * The mail a campaign sends as it stands (sender, subject, preheader, rendered content, UTM parameters
 * on its links when the team's autoLinkUtm is on), or why it cannot go out: what a send freezes when it
 * starts and what a test send mails.
 */
export async function campaignMail(
  campaign: Pick<
    CampaignRow,
    'company_id' | 'name' | 'sender_id' | 'content' | 'reply_to' | 'subject' | 'preheader'
  >,
  deps: { senders: SenderDoor; renderDesign: RenderDesign; company: Pick<CompanyDoor, 'autoLinkUtm'> },
): Promise<FrozenContent | string> {
  const sender = campaign.sender_id
    ? await deps.senders.find(campaign.company_id, campaign.sender_id)
    : undefined;
  if (!sender?.validated) return campaignMissing.sender;
  if (!campaign.content) return campaignMissing.content;
  const parts = await campaignParts(campaign.company_id, campaign.content, deps.renderDesign).catch(
    () => undefined,
  );
  if (!parts) return campaignRefusals.unrenderable;
  const utm = (await deps.company.autoLinkUtm(campaign.company_id)) ? utmTagsOf(campaign.name) : undefined;
  const html = utm ? withUtm(parts.html, utm) : parts.html;
  const text = utm && parts.text !== undefined ? withUtmInText(parts.text, parts.html, utm) : parts.text;
  const replyTo = campaign.reply_to ?? sender.replyTo;
  return {
    from: { email: sender.email, name: sender.name },
    ...(replyTo ? { replyTo } : {}),
    subject: campaign.subject,
    html: withPreheader(html, campaign.preheader),
    ...(text === undefined ? {} : { text }),
  };
}
