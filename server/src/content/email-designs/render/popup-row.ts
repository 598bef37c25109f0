import type { RowPopup } from '@app/contract/editor/design';
import { attr, element } from './markup.ts';

/**
 * The attribute that marks a page's popup row in its HTML: the sites load their popup script only
 * for a page that has one.
 */
export const popupMarker = 'data-page-popup=';

/**
 * A popup row (§3) as MJML around the row's own section: a closed `<dialog>` the sites' popup script
 * opens when its trigger fires. Its close button is a `method="dialog"` form, so it closes without
 * any script; Escape closes it too.
 */
export function popupRow(section: string, id: string, popup: RowPopup): string {
  const open = `<dialog class="page-popup" id="popup-${attr(id)}" ${popupMarker}"${popup.trigger}" data-delay="${popup.delaySeconds}" data-scroll="${popup.scrollPercent}" aria-label="Popup"><form method="dialog" class="page-popup__bar"><button class="page-popup__close" aria-label="Close">×</button></form>`;
  return element('mj-raw', {}, open) + section + element('mj-raw', {}, '</dialog>');
}

/** The popups' look: a card over a dimmed page, as wide as the page's content at most. */
export const popupStyles = (width: number) =>
  [
    `.page-popup { padding: 0; border: 0; border-radius: 8px; width: min(94vw, ${width}px); max-width: none; max-height: 90vh; overflow: auto; box-shadow: 0 12px 40px rgba(0,0,0,.35); }`,
    '.page-popup::backdrop { background: rgba(15,23,42,.55); }',
    '.page-popup__bar { position: sticky; top: 0; height: 0; margin: 0; display: flex; justify-content: flex-end; z-index: 1; }',
    '.page-popup__close { width: 44px; height: 44px; border: 0; background: transparent; color: inherit; font: 28px/1 system-ui, sans-serif; cursor: pointer; }',
  ].join('\n');
