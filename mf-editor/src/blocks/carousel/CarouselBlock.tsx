import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { ImageField } from '../fields/ImageField.tsx';
import { ListEditor } from '../fields/ListEditor.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';

/** The canvas shows the first slide and how many there are; the published page scrolls through them. */
function CarouselCanvas({ block, global }: CanvasProps<'carousel'>) {
  const slides = block.props.slides.filter((slide) => slide.src);
  const first = slides[0];
  return (
    <BlockBox global={global} style={block.style}>
      {first ? (
        <figure style={{ margin: 0 }}>
          <img
            src={first.src}
            alt={first.alt}
            style={{
              width: '100%',
              height: Math.min(block.props.height, 320),
              objectFit: 'cover',
              borderRadius: 8,
            }}
          />
          <figcaption>{slides.length === 1 ? '1 slide' : `1 of ${slides.length} slides`}</figcaption>
        </figure>
      ) : (
        <span>Add slides in the settings</span>
      )}
    </BlockBox>
  );
}

function CarouselSettings({ block, onChange, services }: SettingsProps<'carousel'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="carousel">
      <ListEditor
        noun="Slide"
        items={block.props.slides}
        onChange={(slides) => set('slides', slides)}
        create={() => ({ src: '', alt: '', caption: '' })}
        renderItem={(slide, update) => (
          <>
            <ImageField
              label="Image address"
              value={slide.src}
              onChange={(src) => update({ ...slide, src })}
              services={services}
            />
            <TextField
              label="Description (alt text)"
              value={slide.alt}
              onChange={(alt) => update({ ...slide, alt })}
            />
            <TextField
              label="Caption"
              value={slide.caption}
              onChange={(caption) => update({ ...slide, caption })}
            />
          </>
        )}
      />
      <NumberField
        label="Height"
        suffix="px"
        min={120}
        max={800}
        value={block.props.height}
        onChange={(value) => set('height', value)}
      />
    </SettingsPanel>
  );
}

export const carouselBlock: BlockDefinition<'carousel'> = {
  type: 'carousel',
  icon: '⇆',
  create: () => ({ slides: [], height: 320 }),
  Canvas: CarouselCanvas,
  Settings: CarouselSettings,
};
