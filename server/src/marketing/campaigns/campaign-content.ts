import type { CampaignContent } from '@app/contract/marketing/campaigns';
import type { RenderDesign } from '../../content/email-designs/render/render-design.ts';

/** A link the engine treats as an unsubscribe when clicked (SparkPost's attribute, click tracking on). */
export const hasUnsubscribeLink = (html: string) => /\sdata-msys-unsubscribe\s*=\s*["']?1\b/i.test(html);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

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
