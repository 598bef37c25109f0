import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { textCss } from '../canvas/text-css.ts';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';
import { TextStyleFields } from '../fields/TextStyleFields.tsx';
import { lengthError } from '../fields/validation.ts';
import { RichText } from '../rich-text/RichText.tsx';

function ContentCanvas({ block, global, selected, onChange }: CanvasProps<'content'>) {
  const { props } = block;
  return (
    <BlockBox global={global} style={block.style} extra={textCss(props)}>
      {props.title ? (
        <h2 style={{ margin: '0 0 0.5em', fontSize: props.fontSize * 1.5, lineHeight: 1.25 }}>
          {props.title}
        </h2>
      ) : null}
      <RichText
        html={props.html}
        editable={selected}
        label="Content text"
        linkColor={global.linkColor}
        onChange={(html) => onChange({ ...props, html })}
      />
    </BlockBox>
  );
}

function ContentSettings({ block, onChange }: SettingsProps<'content'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="content">
      <TextField
        label="Title"
        value={block.props.title}
        error={lengthError(block.props.title)}
        onChange={(title) => set('title', title)}
      />
      <p>Write and format the body on the canvas.</p>
      <TextStyleFields props={block.props} onChange={onChange} />
    </SettingsPanel>
  );
}

export const contentBlock: BlockDefinition<'content'> = {
  type: 'content',
  icon: '¶',
  create: () => ({
    title: 'Our autumn collection is here',
    html: '<p>Warm layers, soft knits and everyday essentials, picked by our team. Members get <strong>early access</strong> until Sunday.</p>',
    color: '#333333',
    fontSize: 16,
    lineHeight: 1.5,
  }),
  Canvas: ContentCanvas,
  Settings: ContentSettings,
};
