import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { ColorField } from '../fields/ColorField.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SelectField } from '../fields/SelectField.tsx';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';

const lineStyles = [
  { value: 'solid', label: 'Solid' },
  { value: 'dashed', label: 'Dashed' },
  { value: 'dotted', label: 'Dotted' },
] as const;

function SeparatorCanvas({ block, global }: CanvasProps<'separator'>) {
  const { color, thickness, lineStyle, width } = block.props;
  return (
    <BlockBox global={global} style={block.style} extra={{ lineHeight: 0 }}>
      <hr
        style={{
          display: 'inline-block',
          inlineSize: `${width}%`,
          margin: 0,
          border: 0,
          borderBlockStart: `${thickness}px ${lineStyle} ${color}`,
        }}
      />
    </BlockBox>
  );
}

function SeparatorSettings({ block, onChange }: SettingsProps<'separator'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="separator">
      <ColorField label="Line colour" value={block.props.color} onChange={(color) => set('color', color)} />
      <NumberField
        label="Thickness"
        suffix="px"
        min={1}
        max={20}
        value={block.props.thickness}
        onChange={(value) => set('thickness', value)}
      />
      <SelectField
        label="Line style"
        value={block.props.lineStyle}
        options={lineStyles}
        onChange={(value) => set('lineStyle', value)}
      />
      <NumberField
        label="Width"
        suffix="%"
        min={10}
        max={100}
        value={block.props.width}
        onChange={(value) => set('width', value)}
      />
    </SettingsPanel>
  );
}

export const separatorBlock: BlockDefinition<'separator'> = {
  type: 'separator',
  icon: '—',
  create: () => ({ color: '#d0d5dd', thickness: 1, lineStyle: 'solid', width: 100 }),
  Canvas: SeparatorCanvas,
  Settings: SeparatorSettings,
};
