import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { CanvasButton } from '../canvas/CanvasButton.tsx';
import { formatInstant, hoursFromNow } from '../canvas/format.ts';
import { ColorField } from '../fields/ColorField.tsx';
import { DateTimeField } from '../fields/DateTimeField.tsx';
import { propsSetter, textBinder } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';

/** The button the mail shows; its calendar links are the engine's (assets.href), so the canvas says when they are ready. */
function CalendarCanvas({ block, global, assets }: CanvasProps<'calendar'>) {
  const { props } = block;
  return (
    <BlockBox global={global} style={block.style}>
      <CanvasButton global={global} label={props.label} color={props.color} textColor={props.textColor} />
      <div style={{ marginBlockStart: 6, fontSize: 13 }}>
        {props.title} · {formatInstant(props.start)}
        {props.location ? ` · ${props.location}` : ''}
      </div>
      {assets?.href ? null : (
        <div style={{ fontSize: 12, color: '#4b5563' }}>Calendar links appear in a moment</div>
      )}
    </BlockBox>
  );
}

function CalendarSettings({ block, onChange }: SettingsProps<'calendar'>) {
  const { props } = block;
  const set = propsSetter(props, onChange);
  const text = textBinder(props, onChange);
  const endsBeforeStart = Date.parse(props.end) <= Date.parse(props.start);
  return (
    <SettingsPanel type="calendar">
      <TextField label="Event title" {...text('title')} />
      <TextField label="Description" multiline {...text('description')} />
      <TextField label="Location" {...text('location')} />
      <DateTimeField label="Starts" value={props.start} onChange={(value) => set('start', value)} />
      <DateTimeField
        label="Ends"
        value={props.end}
        error={endsBeforeStart ? 'Must be after the start' : undefined}
        onChange={(value) => set('end', value)}
      />
      <TextField label="Button text" {...text('label')} />
      <ColorField label="Button colour" value={props.color} onChange={(value) => set('color', value)} />
      <ColorField
        label="Button text colour"
        value={props.textColor}
        onChange={(value) => set('textColor', value)}
      />
    </SettingsPanel>
  );
}

export const calendarBlock: BlockDefinition<'calendar'> = {
  type: 'calendar',
  icon: '31',
  create: () => ({
    title: 'Product launch webinar',
    description: 'A 45-minute tour of what is new, with time for your questions.',
    location: 'Online',
    start: hoursFromNow(7, 1),
    end: hoursFromNow(7, 2),
    label: 'Add to calendar',
    color: '#2457c5',
    textColor: '#ffffff',
  }),
  Canvas: CalendarCanvas,
  Settings: CalendarSettings,
};
