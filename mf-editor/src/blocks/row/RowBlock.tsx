import type { DesignColumn, RowPopup } from '@app/contract/editor/design';
import { type PopupTrigger, popupTriggerLabels, popupTriggers } from '@app/contract/editor/design-constants';
import { type CSSProperties, useContext } from 'react';
import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { ColorField } from '../fields/ColorField.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SelectField } from '../fields/SelectField.tsx';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { SwitchField } from '../fields/SwitchField.tsx';
import { ColumnSlotContext } from './column-slot.ts';
import { layoutsFor, newRow, withColumnCount, withLayout } from './row-columns.ts';

const alignments = { top: 'flex-start', middle: 'center', bottom: 'flex-end' } as const;

function RowCanvas({ block }: CanvasProps<'row'>) {
  const Slot = useContext(ColumnSlotContext);
  const { columns, stackOnMobile, popup } = block.props;
  const row = (
    <div className={`ee-row${stackOnMobile ? ' ee-row--stack' : ''}`} data-testid="row-columns">
      {columns.map((column, index) => (
        <div
          // Columns have no id of their own: their position is what §3 calls the selected column.
          key={index}
          className="ee-row__column"
          style={
            {
              flex: `0 0 ${column.width}%`,
              background: column.background,
              padding: column.padding,
              justifyContent: alignments[column.verticalAlign],
            } as CSSProperties
          }
        >
          <Slot rowId={block.id} index={index} column={column} />
        </div>
      ))}
    </div>
  );
  if (!popup) return row;
  return (
    <div className="ee-popup-row">
      <p className="ee-popup-row__label">{`Popup · ${popupSummary(popup)}`}</p>
      {row}
    </div>
  );
}

/** When the popup opens, in the editor's words. */
function popupSummary(popup: RowPopup): string {
  if (popup.trigger === 'load')
    return popup.delaySeconds === 0 ? 'when the page opens' : `${popup.delaySeconds} s after the page opens`;
  if (popup.trigger === 'scroll') return `when the visitor has scrolled ${popup.scrollPercent}% down`;
  return 'when the visitor is about to leave';
}

const newPopup = (): RowPopup => ({ trigger: 'load', delaySeconds: 5, scrollPercent: 50 });

/** A page's row can be a popup (§3 row type popup): shown over the page, once per visit. */
function PopupSettings({
  popup,
  onChange,
}: {
  popup: RowPopup | undefined;
  onChange(popup?: RowPopup): void;
}) {
  return (
    <fieldset className="ee-fieldset" data-testid="popup-settings">
      <legend>Popup</legend>
      <SwitchField
        label="Show this row as a popup"
        checked={popup !== undefined}
        onChange={(on) => onChange(on ? newPopup() : undefined)}
      />
      {popup && (
        <>
          <SelectField
            label="Open it"
            value={popup.trigger}
            options={popupTriggers.map((value: PopupTrigger) => ({
              value,
              label: popupTriggerLabels[value],
            }))}
            onChange={(trigger) => onChange({ ...popup, trigger })}
          />
          {popup.trigger === 'load' && (
            <NumberField
              label="Delay"
              suffix="s"
              min={0}
              max={120}
              value={popup.delaySeconds}
              onChange={(delaySeconds) => onChange({ ...popup, delaySeconds })}
            />
          )}
          {popup.trigger === 'scroll' && (
            <NumberField
              label="Scrolled down"
              suffix="%"
              min={10}
              max={100}
              value={popup.scrollPercent}
              onChange={(scrollPercent) => onChange({ ...popup, scrollPercent })}
            />
          )}
        </>
      )}
    </fieldset>
  );
}

function ColumnSettings({
  index,
  column,
  onChange,
}: {
  index: number;
  column: DesignColumn;
  onChange(column: DesignColumn): void;
}) {
  const set = propsSetter(column, onChange);
  return (
    <fieldset className="ee-fieldset" data-testid={`column-settings-${index}`}>
      <legend>{`Column ${index + 1}`}</legend>
      <SwitchField
        label="Transparent"
        checked={column.background === 'transparent'}
        onChange={(transparent) => set('background', transparent ? 'transparent' : '#f3f4f6')}
      />
      {column.background !== 'transparent' && (
        <ColorField
          label="Column background"
          value={column.background}
          onChange={(value) => set('background', value)}
        />
      )}
      <NumberField
        label="Padding"
        suffix="px"
        min={0}
        max={60}
        value={column.padding}
        onChange={(value) => set('padding', value)}
      />
      <SelectField
        label="Vertical alignment"
        value={column.verticalAlign}
        options={[
          { value: 'top', label: 'Top' },
          { value: 'middle', label: 'Middle' },
          { value: 'bottom', label: 'Bottom' },
        ]}
        onChange={(value) => set('verticalAlign', value)}
      />
    </fieldset>
  );
}

function RowSettings({ block, onChange, services }: SettingsProps<'row'>) {
  const { props } = block;
  const set = propsSetter(props, onChange);
  const count = props.columns.length;
  return (
    <SettingsPanel type="row">
      <SelectField
        label="Columns"
        value={String(count) as '1' | '2' | '3' | '4'}
        options={(['1', '2', '3', '4'] as const).map((value) => ({ value, label: value }))}
        onChange={(value) => onChange(withColumnCount(props, Number(value)))}
      />
      {count > 1 && (
        <SelectField
          label="Layout"
          value={props.columns.map((column) => column.width).join('-')}
          options={layoutsFor(count)}
          onChange={(layout) => onChange(withLayout(props, layout))}
        />
      )}
      <SwitchField
        label="Stack the columns on phones"
        checked={props.stackOnMobile}
        onChange={(stackOnMobile) => set('stackOnMobile', stackOnMobile)}
      />
      {services.page && (
        <PopupSettings
          popup={props.popup}
          onChange={(popup) => {
            const { popup: _old, ...rest } = props;
            onChange(popup ? { ...rest, popup } : rest);
          }}
        />
      )}
      {props.columns.map((column, index) => (
        <ColumnSettings
          key={index}
          index={index}
          column={column}
          onChange={(next) =>
            set(
              'columns',
              props.columns.map((old, at) => (at === index ? next : old)),
            )
          }
        />
      ))}
    </SettingsPanel>
  );
}

export const rowBlock: BlockDefinition<'row'> = {
  type: 'row',
  icon: '▥',
  create: newRow,
  Canvas: RowCanvas,
  Settings: RowSettings,
};
