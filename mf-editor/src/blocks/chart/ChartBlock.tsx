import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { GeneratedImage } from '../canvas/GeneratedImage.tsx';
import { ColorField } from '../fields/ColorField.tsx';
import { ListEditor } from '../fields/ListEditor.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { propsSetter, textBinder } from '../fields/props-setter.ts';
import { SelectField } from '../fields/SelectField.tsx';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';
import { lengthError } from '../fields/validation.ts';

const kinds = [
  { value: 'bar', label: 'Bar' },
  { value: 'line', label: 'Line' },
  { value: 'pie', label: 'Pie' },
] as const;

function ChartCanvas({ block, global, assets }: CanvasProps<'chart'>) {
  const { props } = block;
  const summary = props.points.map((point) => `${point.label} ${point.value}`).join(', ');
  return (
    <BlockBox global={global} style={block.style}>
      <GeneratedImage assets={assets} what="Chart" alt={`${props.title}: ${summary}`} height={220} />
    </BlockBox>
  );
}

function ChartSettings({ block, onChange }: SettingsProps<'chart'>) {
  const { props } = block;
  const set = propsSetter(props, onChange);
  const text = textBinder(props, onChange);
  return (
    <SettingsPanel type="chart">
      <SelectField
        label="Chart type"
        value={props.kind}
        options={kinds}
        onChange={(value) => set('kind', value)}
      />
      <TextField label="Title" {...text('title')} />
      <ColorField label="Chart colour" value={props.color} onChange={(value) => set('color', value)} />
      <ListEditor
        noun="Point"
        items={props.points}
        onChange={(points) => set('points', points)}
        create={() => ({ label: `Item ${props.points.length + 1}`, value: 10 })}
        renderItem={(point, update) => (
          <>
            <TextField
              label="Label"
              value={point.label}
              error={lengthError(point.label, 40)}
              onChange={(label) => update({ ...point, label })}
            />
            <NumberField
              label="Value"
              integer={false}
              step={0.1}
              value={point.value}
              onChange={(value) => update({ ...point, value })}
            />
          </>
        )}
      />
    </SettingsPanel>
  );
}

export const chartBlock: BlockDefinition<'chart'> = {
  type: 'chart',
  icon: '▥',
  create: () => ({
    kind: 'bar',
    title: 'Orders by quarter',
    points: [
      { label: 'Q1', value: 120 },
      { label: 'Q2', value: 180 },
      { label: 'Q3', value: 150 },
      { label: 'Q4', value: 240 },
    ],
    color: '#2457c5',
  }),
  Canvas: ChartCanvas,
  Settings: ChartSettings,
};
