import { defaultDesign } from '../editor/default-design.ts';
import type { EmailDesign } from '../editor/design.ts';
import { designLimits } from '../editor/design-constants.ts';

/**
 * The footer the campaign composer adds: an Html block with the unsubscribe link every campaign needs.
 * `data-msys-unsubscribe="1"` makes the engine's tracked click unsubscribe the reader (a person's
 * click, not a scanner's) before it lands on `${origin}/unsubscribe`, which says so. The reader's own
 * pages (the mail in a browser, the subscription) come from merge tags each send fills in; they are
 * not click-tracked, so opening them is not counted as a click on the campaign.
 */
export function withUnsubscribeFooter(design: EmailDesign | null, origin: string): EmailDesign {
  const start = design ?? defaultDesign();
  if (start.blocks.length >= designLimits.blocks) return start;
  const taken = new Set(start.blocks.map((block) => block.id));
  let n = 1;
  while (taken.has(`unsubscribe-${n}`)) n += 1;
  const html =
    '<p style="margin:0;font-size:12px;line-height:1.5;color:#6b7280;text-align:center">' +
    'You receive this email because you subscribed to our news.<br>' +
    '<a href="{{view_in_browser_url}}" data-msys-clicktrack="0">View in browser</a> · ' +
    '<a href="{{preferences_url}}" data-msys-clicktrack="0">Manage preferences</a> · ' +
    `<a href="${origin}/unsubscribe" data-msys-unsubscribe="1">Unsubscribe</a></p>`;
  return {
    ...start,
    blocks: [
      ...start.blocks,
      {
        id: `unsubscribe-${n}`,
        type: 'html',
        style: {
          paddingY: 16,
          paddingX: 20,
          background: 'transparent',
          align: 'center',
          hideOnMobile: false,
        },
        props: { html },
      },
    ],
  };
}
