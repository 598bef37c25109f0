import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { textCss } from '../canvas/text-css.ts';
import { ColorField } from '../fields/ColorField.tsx';
import { ListEditor } from '../fields/ListEditor.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { SwitchField } from '../fields/SwitchField.tsx';
import { TextField } from '../fields/TextField.tsx';
import { TextStyleFields } from '../fields/TextStyleFields.tsx';
import { lengthError } from '../fields/validation.ts';

function TableCanvas({ block, global }: CanvasProps<'table'>) {
  const { props } = block;
  const columns = Math.max(1, ...props.rows.map((row) => row.length));
  const cell = {
    padding: '6px 10px',
    borderInlineEnd: `1px solid ${props.borderColor}`,
    borderBlockEnd: `1px solid ${props.borderColor}`,
  };
  return (
    <BlockBox global={global} style={block.style} extra={textCss(props)}>
      <div
        role="presentation"
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          borderBlockStart: `1px solid ${props.borderColor}`,
          borderInlineStart: `1px solid ${props.borderColor}`,
          textAlign: 'left',
        }}
      >
        {props.rows.flatMap((row, rowIndex) =>
          Array.from({ length: columns }, (_, columnIndex) => (
            <div
              key={`${rowIndex}-${columnIndex}`}
              style={
                props.headerRow && rowIndex === 0
                  ? { ...cell, background: props.headerBackground, fontWeight: 700 }
                  : cell
              }
            >
              {row[columnIndex] ?? ''}
            </div>
          )),
        )}
      </div>
    </BlockBox>
  );
}

function TableSettings({ block, onChange }: SettingsProps<'table'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="table">
      <SwitchField
        label="First row is a header"
        checked={block.props.headerRow}
        onChange={(value) => set('headerRow', value)}
      />
      <ColorField
        label="Border colour"
        value={block.props.borderColor}
        onChange={(value) => set('borderColor', value)}
      />
      <ColorField
        label="Header background"
        value={block.props.headerBackground}
        onChange={(value) => set('headerBackground', value)}
      />
      <TextStyleFields props={block.props} onChange={onChange} />
      <ListEditor
        noun="Row"
        items={block.props.rows}
        min={1}
        onChange={(rows) => set('rows', rows)}
        create={() => Array.from({ length: block.props.rows[0]?.length ?? 1 }, () => '')}
        renderItem={(row, update, rowIndex) => (
          <ListEditor
            noun="Cell"
            items={row}
            min={1}
            onChange={update}
            create={() => ''}
            renderItem={(cell, updateCell, cellIndex) => (
              <TextField
                label={`Row ${rowIndex + 1}, cell ${cellIndex + 1}`}
                value={cell}
                error={lengthError(cell)}
                onChange={updateCell}
              />
            )}
          />
        )}
      />
    </SettingsPanel>
  );
}

export const tableBlock: BlockDefinition<'table'> = {
  type: 'table',
  icon: '▤',
  create: () => ({
    rows: [
      ['Plan', 'Storage', 'Price'],
      ['Starter', '10 GB', '$5 / month'],
      ['Pro', '100 GB', '$15 / month'],
    ],
    headerRow: true,
    borderColor: '#d0d5dd',
    headerBackground: '#f2f4f7',
    color: '#333333',
    fontSize: 14,
    lineHeight: 1.4,
  }),
  Canvas: TableCanvas,
  Settings: TableSettings,
};
