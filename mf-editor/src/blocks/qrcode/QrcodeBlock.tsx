import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { GeneratedImage } from '../canvas/GeneratedImage.tsx';
import { ColorField } from '../fields/ColorField.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { propsSetter, textBinder } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';

function QrcodeCanvas({ block, global, assets }: CanvasProps<'qrcode'>) {
  const { props } = block;
  return (
    <BlockBox global={global} style={block.style}>
      <GeneratedImage
        assets={assets}
        what="QR code"
        alt={`QR code: ${props.value}`}
        width={props.size}
        height={props.size}
      />
    </BlockBox>
  );
}

function QrcodeSettings({ block, onChange }: SettingsProps<'qrcode'>) {
  const { props } = block;
  const set = propsSetter(props, onChange);
  const text = textBinder(props, onChange);
  return (
    <SettingsPanel type="qrcode">
      <TextField label="Content" hint="A link or any text" multiline {...text('value', 1_000)} />
      <ColorField
        label="Code colour"
        value={props.foreground}
        onChange={(value) => set('foreground', value)}
      />
      <ColorField
        label="Code background"
        value={props.background}
        onChange={(value) => set('background', value)}
      />
      <NumberField
        label="Size"
        suffix="px"
        min={64}
        max={600}
        value={props.size}
        onChange={(value) => set('size', value)}
      />
    </SettingsPanel>
  );
}

export const qrcodeBlock: BlockDefinition<'qrcode'> = {
  type: 'qrcode',
  icon: '▩',
  create: () => ({
    value: 'https://example.com/app',
    foreground: '#000000',
    background: '#ffffff',
    size: 160,
  }),
  Canvas: QrcodeCanvas,
  Settings: QrcodeSettings,
};
