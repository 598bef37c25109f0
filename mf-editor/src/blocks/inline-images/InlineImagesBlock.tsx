import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { ImageField } from '../fields/ImageField.tsx';
import { ListEditor } from '../fields/ListEditor.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';
import { UrlField } from '../fields/UrlField.tsx';

function InlineImagesCanvas({ block, global }: CanvasProps<'inlineImages'>) {
  const { images, height } = block.props;
  const shown = images.filter((image) => image.src);
  return (
    <BlockBox global={global} style={block.style}>
      {shown.length === 0 ? <span>Add images in the settings</span> : null}
      {shown.map((image, index) => (
        <img
          key={index}
          src={image.src}
          alt={image.alt}
          style={{ height, margin: 4, verticalAlign: 'middle' }}
        />
      ))}
    </BlockBox>
  );
}

function InlineImagesSettings({ block, onChange, services }: SettingsProps<'inlineImages'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="inlineImages">
      <ListEditor
        noun="Image"
        items={block.props.images}
        onChange={(images) => set('images', images)}
        create={() => ({ src: '', alt: '', href: '' })}
        renderItem={(image, update) => (
          <>
            <ImageField
              label="Image address"
              value={image.src}
              onChange={(src) => update({ ...image, src })}
              services={services}
            />
            <TextField
              label="Description (alt text)"
              value={image.alt}
              onChange={(alt) => update({ ...image, alt })}
            />
            <UrlField label="Link" value={image.href} onChange={(href) => update({ ...image, href })} />
          </>
        )}
      />
      <NumberField
        label="Height"
        suffix="px"
        min={40}
        max={600}
        value={block.props.height}
        onChange={(value) => set('height', value)}
      />
    </SettingsPanel>
  );
}

export const inlineImagesBlock: BlockDefinition<'inlineImages'> = {
  type: 'inlineImages',
  icon: '▥',
  create: () => ({ images: [], height: 120 }),
  Canvas: InlineImagesCanvas,
  Settings: InlineImagesSettings,
};
