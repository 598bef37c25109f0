import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { textCss } from '../canvas/text-css.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextStyleFields } from '../fields/TextStyleFields.tsx';
import { RichText } from '../rich-text/RichText.tsx';

function TextCanvas({ block, global, selected, onChange }: CanvasProps<'text'>) {
  const { props } = block;
  return (
    <BlockBox global={global} style={block.style}>
      <RichText
        html={props.html}
        editable={selected}
        label="Text text"
        linkColor={global.linkColor}
        style={textCss(props)}
        onChange={(html) => onChange({ ...props, html })}
      />
    </BlockBox>
  );
}

function TextSettings({ block, onChange }: SettingsProps<'text'>) {
  return (
    <SettingsPanel type="text">
      <p>Write and format the text on the canvas.</p>
      <TextStyleFields props={block.props} onChange={onChange} />
    </SettingsPanel>
  );
}

export const textBlock: BlockDefinition<'text'> = {
  type: 'text',
  icon: 'T',
  create: ({ page }) => ({
    html: page
      ? '<p>Tell your visitors what you offer and why it matters to them: <strong>one clear promise</strong>, a few words of proof, and what to do next.</p>'
      : '<p>Hi {{firstname}},</p><p>Thanks for being with us. Here is what is new this month: <strong>fresh arrivals</strong>, member-only offers and a few tips to get more out of your account.</p>',
    color: '#333333',
    fontSize: 16,
    lineHeight: 1.5,
  }),
  Canvas: TextCanvas,
  Settings: TextSettings,
};
