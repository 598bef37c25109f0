import { designLimits } from '@app/contract/editor/design-constants';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { Placeholder } from '../canvas/Placeholder.tsx';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';
import { lengthError } from '../fields/validation.ts';

/**
 * The markup drawn on the canvas, purified: no script, form or style element (a style would restyle
 * the editor around it, all in one shadow root). The Preview shows the mail the engine makes.
 */
const canvasHtml = (html: string) =>
  DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea'],
  });

function HtmlCanvas({ block, global }: CanvasProps<'html'>) {
  const purified = useMemo(() => canvasHtml(block.props.html), [block.props.html]);
  if (!block.props.html.trim())
    return <Placeholder label="Html: write your markup in the settings" height={80} />;
  return (
    <div
      style={{
        fontFamily: global.fontFamily,
        color: global.textColor,
        pointerEvents: 'none',
        overflow: 'hidden',
      }}
      // Purified just above, as the toasts' HTML is.
      dangerouslySetInnerHTML={{ __html: purified }}
    />
  );
}

function HtmlSettings({ block, onChange }: SettingsProps<'html'>) {
  return (
    <SettingsPanel type="html">
      <TextField
        label="HTML"
        multiline
        hint="Shown as written; scripts and forms are removed when the mail is made"
        value={block.props.html}
        error={lengthError(block.props.html, designLimits.html)}
        onChange={(html) => onChange({ html })}
      />
    </SettingsPanel>
  );
}

export const htmlBlock: BlockDefinition<'html'> = {
  type: 'html',
  icon: '</>',
  create: () => ({
    html: '<p style="margin:0;text-align:center;font-size:13px;color:#666666">You are receiving this email because you signed up at example.com.</p>',
  }),
  Canvas: HtmlCanvas,
  Settings: HtmlSettings,
};
