import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { ColorField } from '../fields/ColorField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { SwitchField } from '../fields/SwitchField.tsx';
import { TextField } from '../fields/TextField.tsx';

/** Drawn open or closed as the page will first show it (the canvas does not toggle: clicks select). */
function TextExpandCanvas({ block, global }: CanvasProps<'textExpand'>) {
  const { title, body, open, color } = block.props;
  return (
    <BlockBox global={global} style={block.style} extra={{ textAlign: 'left' }}>
      <div style={{ borderBlockEnd: '1px solid #d0d5dd', paddingBlock: 8 }}>
        <div style={{ fontWeight: 600, color }}>
          {open ? '▾' : '▸'} {title || 'Question'}
        </div>
        {open ? <p style={{ margin: '8px 0 0', whiteSpace: 'pre-line' }}>{body}</p> : null}
      </div>
    </BlockBox>
  );
}

function TextExpandSettings({ block, onChange }: SettingsProps<'textExpand'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="textExpand">
      <TextField label="Title" value={block.props.title} onChange={(value) => set('title', value)} />
      <TextField label="Text" multiline value={block.props.body} onChange={(value) => set('body', value)} />
      <SwitchField
        label="Open at first"
        checked={block.props.open}
        onChange={(value) => set('open', value)}
      />
      <ColorField label="Title colour" value={block.props.color} onChange={(value) => set('color', value)} />
    </SettingsPanel>
  );
}

export const textExpandBlock: BlockDefinition<'textExpand'> = {
  type: 'textExpand',
  icon: '▸',
  create: () => ({
    title: 'How fast is delivery?',
    body: 'Two working days, and returns are free for thirty days.',
    open: false,
    color: '#1f2937',
  }),
  Canvas: TextExpandCanvas,
  Settings: TextExpandSettings,
};
