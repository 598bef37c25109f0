import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';

/** The canvas shows where the map goes, not Google's map: the editor loads nothing from another site. */
function GoogleMapCanvas({ block, global }: CanvasProps<'googleMap'>) {
  const { address, height } = block.props;
  return (
    <BlockBox global={global} style={block.style}>
      <div
        style={{
          height: Math.min(height, 240),
          display: 'grid',
          placeItems: 'center',
          background: '#e5e7eb',
          borderRadius: 8,
          color: '#374151',
        }}
      >
        {address ? `Map: ${address}` : 'Enter an address in the settings'}
      </div>
    </BlockBox>
  );
}

function GoogleMapSettings({ block, onChange }: SettingsProps<'googleMap'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="googleMap">
      <TextField
        label="Address"
        value={block.props.address}
        hint="The place Google's map shows on the published page"
        onChange={(value) => set('address', value)}
      />
      <NumberField
        label="Zoom"
        min={1}
        max={20}
        value={block.props.zoom}
        onChange={(value) => set('zoom', value)}
      />
      <NumberField
        label="Height"
        suffix="px"
        min={150}
        max={800}
        value={block.props.height}
        onChange={(value) => set('height', value)}
      />
    </SettingsPanel>
  );
}

export const googleMapBlock: BlockDefinition<'googleMap'> = {
  type: 'googleMap',
  icon: '◎',
  create: () => ({ address: '', zoom: 14, height: 320 }),
  Canvas: GoogleMapCanvas,
  Settings: GoogleMapSettings,
};
