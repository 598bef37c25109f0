import { chatKeys, type PageIntegrations } from '@app/contract/marketing/page-domains';
import { escapeHtml } from '../../../html-escape.ts';

export const hasChats = (settings: PageIntegrations | undefined): settings is PageIntegrations =>
  settings !== undefined && chatKeys.some((key) => settings[key] !== null);

/** The address and words of each chat, from the contract-checked settings. */
function links(settings: PageIntegrations): { href: string; label: string; colour: string }[] {
  const found: { href: string; label: string; colour: string }[] = [];
  if (settings.whatsappChat) {
    const text = settings.whatsappText ? `?text=${encodeURIComponent(settings.whatsappText)}` : '';
    found.push({
      href: `https://wa.me/${settings.whatsappChat.replace(/^\+/, '')}${text}`,
      label: 'Chat on WhatsApp',
      colour: '#0b7a3e',
    });
  }
  if (settings.telegram)
    found.push({ href: `https://t.me/${settings.telegram}`, label: 'Chat on Telegram', colour: '#1c6fa8' });
  if (settings.facebookMessenger)
    found.push({
      href: `https://m.me/${settings.facebookMessenger}`,
      label: 'Chat on Messenger',
      colour: '#0a5fd8',
    });
  return found;
}

/**
 * §3's chat settings as buttons in a corner of a hosted page: plain links that open the app's chat
 * in a new tab. Nothing is loaded from the chat services and no cookie is set, so no consent is asked.
 */
export function chatButtons(settings: PageIntegrations): string {
  const items = links(settings)
    .map(
      ({ href, label, colour }) =>
        `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer" style="display:block;margin-top:8px;padding:10px 16px;border-radius:999px;background:${colour};color:#fff;text-decoration:none;font:600 15px/1.2 system-ui,sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.25)">${label}</a>`,
    )
    .join('');
  // Crisp's own chat bubble takes the corner: the buttons stand above it.
  const bottom = settings.crispChat ? 96 : 16;
  return `<nav aria-label="Chat with us" style="position:fixed;right:16px;bottom:${bottom}px;z-index:2147483646;text-align:right">${items}</nav>`;
}
