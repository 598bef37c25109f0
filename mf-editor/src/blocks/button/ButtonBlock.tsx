import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { CanvasButton } from '../canvas/CanvasButton.tsx';
import { ButtonFields } from '../fields/ButtonFields.tsx';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';

function ButtonCanvas({ block, global }: CanvasProps<'button'>) {
  return (
    <BlockBox global={global} style={block.style}>
      <CanvasButton global={global} {...block.props} />
    </BlockBox>
  );
}

function ButtonSettings({ block, onChange }: SettingsProps<'button'>) {
  return (
    <SettingsPanel type="button">
      <ButtonFields props={block.props} onChange={onChange} />
    </SettingsPanel>
  );
}

export const buttonBlock: BlockDefinition<'button'> = {
  type: 'button',
  icon: '▭',
  create: () => ({
    label: 'Shop now',
    href: 'https://example.com/shop',
    color: '#2457c5',
    textColor: '#ffffff',
    radius: 4,
    fullWidth: false,
  }),
  Canvas: ButtonCanvas,
  Settings: ButtonSettings,
};
