import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { formatInstant, hoursFromNow } from '../canvas/format.ts';
import { GeneratedImage } from '../canvas/GeneratedImage.tsx';
import { ColorField } from '../fields/ColorField.tsx';
import { DateTimeField } from '../fields/DateTimeField.tsx';
import { propsSetter, textBinder } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';

function CountdownCanvas({ block, global, assets }: CanvasProps<'countdown'>) {
  return (
    <BlockBox global={global} style={block.style}>
      <GeneratedImage
        assets={assets}
        what="Countdown"
        alt={`Countdown to ${formatInstant(block.props.until)}`}
        height={90}
      />
    </BlockBox>
  );
}

function CountdownSettings({ block, onChange }: SettingsProps<'countdown'>) {
  const { props } = block;
  const set = propsSetter(props, onChange);
  const text = textBinder(props, onChange);
  return (
    <SettingsPanel type="countdown">
      <DateTimeField label="Counts down to" value={props.until} onChange={(value) => set('until', value)} />
      <TextField label="Text once it has passed" {...text('expiredText')} />
      <ColorField label="Background colour" value={props.color} onChange={(value) => set('color', value)} />
      <ColorField
        label="Digits colour"
        value={props.textColor}
        onChange={(value) => set('textColor', value)}
      />
    </SettingsPanel>
  );
}

export const countdownBlock: BlockDefinition<'countdown'> = {
  type: 'countdown',
  icon: '◷',
  create: () => ({
    until: hoursFromNow(7),
    expiredText: 'The sale has ended',
    color: '#1f2937',
    textColor: '#ffffff',
  }),
  Canvas: CountdownCanvas,
  Settings: CountdownSettings,
};
