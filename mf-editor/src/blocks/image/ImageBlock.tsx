import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { CanvasImage } from '../canvas/CanvasImage.tsx';
import { ImageField } from '../fields/ImageField.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';
import { UrlField } from '../fields/UrlField.tsx';
import { lengthError } from '../fields/validation.ts';

function ImageCanvas({ block, global }: CanvasProps<'image'>) {
  const { props } = block;
  return (
    <BlockBox global={global} style={block.style}>
      <CanvasImage
        src={props.src}
        alt={props.alt}
        width={props.width}
        placeholder="Image: choose one in the settings"
        height={200}
      />
    </BlockBox>
  );
}

function ImageSettings({ block, onChange, services }: SettingsProps<'image'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="image">
      <ImageField
        label="Image address"
        value={block.props.src}
        onChange={(src) => set('src', src)}
        services={services}
      />
      <TextField
        label="Alternative text"
        hint="Read aloud and shown when images are blocked"
        value={block.props.alt}
        error={lengthError(block.props.alt)}
        onChange={(alt) => set('alt', alt)}
      />
      <UrlField label="Link" value={block.props.href} onChange={(href) => set('href', href)} />
      <NumberField
        label="Width"
        suffix="%"
        min={10}
        max={100}
        value={block.props.width}
        onChange={(width) => set('width', width)}
      />
    </SettingsPanel>
  );
}

export const imageBlock: BlockDefinition<'image'> = {
  type: 'image',
  icon: '▣',
  create: () => ({ src: '', alt: 'Autumn collection', href: '', width: 100 }),
  Canvas: ImageCanvas,
  Settings: ImageSettings,
};
