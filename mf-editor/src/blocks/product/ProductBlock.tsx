import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { PageButton } from '../canvas/PageButton.tsx';
import { ColorField } from '../fields/ColorField.tsx';
import { ImageField } from '../fields/ImageField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';
import { UrlField } from '../fields/UrlField.tsx';

function ProductCanvas({ block, global }: CanvasProps<'product'>) {
  const { image, name, price, description, buttonLabel, color } = block.props;
  return (
    <BlockBox global={global} style={block.style}>
      <div style={{ display: 'inline-block', maxWidth: 360, textAlign: 'left' }}>
        {image ? <img src={image} alt={name} style={{ width: '100%', borderRadius: 8 }} /> : null}
        <h2 style={{ margin: '12px 0 4px', fontSize: '1.25em' }}>{name}</h2>
        {price ? <p style={{ margin: '0 0 8px', fontWeight: 700, color }}>{price}</p> : null}
        {description ? <p style={{ margin: '0 0 12px', whiteSpace: 'pre-line' }}>{description}</p> : null}
        {buttonLabel ? <PageButton label={buttonLabel} color={color} /> : null}
      </div>
    </BlockBox>
  );
}

function ProductSettings({ block, onChange, services }: SettingsProps<'product'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="product">
      <TextField label="Name" value={block.props.name} onChange={(value) => set('name', value)} />
      <TextField label="Price" value={block.props.price} onChange={(value) => set('price', value)} />
      <TextField
        label="Description"
        multiline
        value={block.props.description}
        onChange={(value) => set('description', value)}
      />
      <ImageField
        label="Picture address"
        value={block.props.image}
        onChange={(value) => set('image', value)}
        services={services}
      />
      <TextField
        label="Button text"
        value={block.props.buttonLabel}
        onChange={(value) => set('buttonLabel', value)}
      />
      <UrlField label="Button link" value={block.props.href} onChange={(value) => set('href', value)} />
      <ColorField
        label="Price and button colour"
        value={block.props.color}
        onChange={(value) => set('color', value)}
      />
    </SettingsPanel>
  );
}

export const productBlock: BlockDefinition<'product'> = {
  type: 'product',
  icon: '¤',
  create: () => ({
    image: '',
    name: 'Trail bike',
    price: '€ 899',
    description: 'Light, quick and ready for any path.',
    buttonLabel: 'Buy now',
    href: 'https://example.com/shop',
    color: '#1d4ed8',
  }),
  Canvas: ProductCanvas,
  Settings: ProductSettings,
};
