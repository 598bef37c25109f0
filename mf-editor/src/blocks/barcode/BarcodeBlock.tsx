import { barcodeFormats } from '@app/contract/editor/design-constants';
import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { GeneratedImage } from '../canvas/GeneratedImage.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SelectField } from '../fields/SelectField.tsx';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { SwitchField } from '../fields/SwitchField.tsx';
import { TextField } from '../fields/TextField.tsx';
import { barcodeValueError } from '../fields/validation.ts';

const formatNames: Record<(typeof barcodeFormats)[number], string> = {
  code128: 'Code 128',
  code39: 'Code 39',
  ean13: 'EAN-13',
  upca: 'UPC-A',
  itf14: 'ITF-14',
};
const formatOptions = barcodeFormats.map((format) => ({ value: format, label: formatNames[format] }));

function BarcodeCanvas({ block, global, assets }: CanvasProps<'barcode'>) {
  const { props } = block;
  return (
    <BlockBox global={global} style={block.style}>
      <GeneratedImage
        assets={assets}
        what="Barcode"
        alt={`Barcode ${props.value}`}
        width={`${props.width}%`}
        height={90}
      />
    </BlockBox>
  );
}

function BarcodeSettings({ block, onChange }: SettingsProps<'barcode'>) {
  const { props } = block;
  const set = propsSetter(props, onChange);
  return (
    <SettingsPanel type="barcode">
      <SelectField
        label="Format"
        value={props.format}
        options={formatOptions}
        onChange={(value) => set('format', value)}
      />
      <TextField
        label="Value"
        value={props.value}
        error={barcodeValueError(props.format, props.value)}
        onChange={(value) => set('value', value)}
      />
      <SwitchField
        label="Show the value under the bars"
        checked={props.showText}
        onChange={(value) => set('showText', value)}
      />
      <NumberField
        label="Width"
        suffix="%"
        min={10}
        max={100}
        value={props.width}
        onChange={(value) => set('width', value)}
      />
    </SettingsPanel>
  );
}

export const barcodeBlock: BlockDefinition<'barcode'> = {
  type: 'barcode',
  icon: '▮',
  create: () => ({ value: 'ORDER-10025', format: 'code128', showText: true, width: 60 }),
  Canvas: BarcodeCanvas,
  Settings: BarcodeSettings,
};
