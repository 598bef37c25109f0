import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { ImageTextFields } from './ImageTextFields.tsx';
import { ImageTextLayout } from './ImageTextLayout.tsx';

function ImageTextCanvas({ block, global, selected, onChange }: CanvasProps<'imageText'>) {
  return (
    <BlockBox global={global} style={block.style}>
      <ImageTextLayout
        props={block.props}
        global={global}
        selected={selected}
        label="Image Text text"
        onChange={onChange}
      />
    </BlockBox>
  );
}

function ImageTextSettings({ block, onChange, services }: SettingsProps<'imageText'>) {
  return (
    <SettingsPanel type="imageText">
      <ImageTextFields props={block.props} onChange={onChange} services={services} />
    </SettingsPanel>
  );
}

/** The sample content Image Text and Image Text Button start with. */
export const imageTextDefaults = () => ({
  image: '',
  alt: 'Our workshop',
  html: '<h3>Made to last</h3><p>Every piece is cut and sewn in our own workshop, from materials we would wear ourselves.</p>',
  imagePosition: 'left' as const,
  color: '#333333',
  fontSize: 16,
  lineHeight: 1.5,
});

export const imageTextBlock: BlockDefinition<'imageText'> = {
  type: 'imageText',
  icon: '◧',
  create: imageTextDefaults,
  Canvas: ImageTextCanvas,
  Settings: ImageTextSettings,
};
