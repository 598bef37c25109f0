import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { GeneratedImage } from '../canvas/GeneratedImage.tsx';
import { ColorField } from '../fields/ColorField.tsx';
import { propsSetter, textBinder } from '../fields/props-setter.ts';
import { SelectField } from '../fields/SelectField.tsx';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';

const codeFormats = [
  { value: 'text', label: 'Text only' },
  { value: 'qrcode', label: 'Text and QR code' },
  { value: 'barcode', label: 'Text and barcode' },
] as const;

function VoucherCanvas({ block, global, assets }: CanvasProps<'voucher'>) {
  const { props } = block;
  return (
    <BlockBox global={global} style={block.style}>
      <div
        style={{
          padding: 20,
          border: `2px dashed ${props.textColor}`,
          background: props.color,
          color: props.textColor,
          textAlign: 'center',
          borderRadius: 8,
        }}
      >
        <div style={{ fontSize: 22, fontWeight: 700 }}>{props.title}</div>
        {props.description ? <div style={{ marginBlockStart: 6 }}>{props.description}</div> : null}
        <div
          style={{
            margin: '14px 0',
            fontFamily: "'Courier New', monospace",
            fontSize: 24,
            fontWeight: 700,
            letterSpacing: 2,
          }}
        >
          {props.code || 'CODE'}
        </div>
        {props.codeFormat === 'text' ? null : (
          <div style={{ background: '#ffffff', padding: 8, display: 'inline-block', minInlineSize: 160 }}>
            <GeneratedImage
              assets={assets}
              what={props.codeFormat === 'qrcode' ? 'QR code' : 'Barcode'}
              alt={`Code ${props.code}`}
              width={props.codeFormat === 'qrcode' ? 140 : 220}
              height={props.codeFormat === 'qrcode' ? 140 : 70}
            />
          </div>
        )}
        {props.expires ? <div style={{ marginBlockStart: 10, fontSize: 13 }}>{props.expires}</div> : null}
      </div>
    </BlockBox>
  );
}

function VoucherSettings({ block, onChange }: SettingsProps<'voucher'>) {
  const { props } = block;
  const set = propsSetter(props, onChange);
  const text = textBinder(props, onChange);
  return (
    <SettingsPanel type="voucher">
      <TextField label="Title" {...text('title')} />
      <TextField label="Description" multiline {...text('description')} />
      <TextField
        label="Code"
        hint="A merge tag like {{voucher}} gives each recipient their own"
        {...text('code')}
      />
      <SelectField
        label="Code shown as"
        value={props.codeFormat}
        options={codeFormats}
        onChange={(value) => set('codeFormat', value)}
      />
      <TextField label="Expiry note" {...text('expires')} />
      <ColorField label="Voucher colour" value={props.color} onChange={(value) => set('color', value)} />
      <ColorField label="Text colour" value={props.textColor} onChange={(value) => set('textColor', value)} />
    </SettingsPanel>
  );
}

export const voucherBlock: BlockDefinition<'voucher'> = {
  type: 'voucher',
  icon: '%',
  create: () => ({
    title: '10% off your next order',
    description: 'Use this code at checkout on anything in the shop.',
    code: 'WELCOME10',
    codeFormat: 'text',
    expires: 'Valid for 30 days',
    color: '#fff4e5',
    textColor: '#5c3b00',
  }),
  Canvas: VoucherCanvas,
  Settings: VoucherSettings,
};
