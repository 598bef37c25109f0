import type { DesignBlock, RowPopup } from '@app/contract/editor/design';

const style = {
  paddingY: 8,
  paddingX: 8,
  background: '#ffffff',
  align: 'center',
  hideOnMobile: false,
} as const;

/**
 * A one-column design row holding one text block of `html`; with `popup`, a popup row (shown at load
 * at once unless `popup` says otherwise).
 */
export const textRow = (id: string, html: string, popup?: Partial<RowPopup>): DesignBlock =>
  ({
    id,
    type: 'row',
    style,
    props: {
      columns: [
        {
          width: 100,
          background: 'transparent',
          padding: 0,
          verticalAlign: 'top',
          blocks: [
            {
              id: `${id}-text`,
              type: 'text',
              style,
              props: { html, fontSize: 16, color: '#111111', lineHeight: 1.5 },
            },
          ],
        },
      ],
      stackOnMobile: true,
      ...(popup ? { popup: { trigger: 'load', delaySeconds: 0, scrollPercent: 50, ...popup } } : {}),
    },
  }) as DesignBlock;
