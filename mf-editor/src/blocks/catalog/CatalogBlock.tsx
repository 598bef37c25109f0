import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { CanvasButton } from '../canvas/CanvasButton.tsx';
import { CanvasImage } from '../canvas/CanvasImage.tsx';
import { textCss } from '../canvas/text-css.ts';
import { ImageField } from '../fields/ImageField.tsx';
import { ListEditor } from '../fields/ListEditor.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';
import { TextStyleFields } from '../fields/TextStyleFields.tsx';
import { UrlField } from '../fields/UrlField.tsx';
import { lengthError } from '../fields/validation.ts';

function CatalogCanvas({ block, global }: CanvasProps<'catalog'>) {
  const { props } = block;
  return (
    <BlockBox global={global} style={block.style} extra={textCss(props)}>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${props.columns}, minmax(0, 1fr))`,
          gap: 16,
          textAlign: 'center',
        }}
      >
        {props.items.map((item, index) => (
          <div key={index}>
            <CanvasImage src={item.image} alt={item.title} placeholder="Product image" height={140} />
            <div style={{ fontWeight: 700, marginBlockStart: 8 }}>{item.title}</div>
            <div style={{ marginBlock: '4px 8px' }}>{item.price}</div>
            {props.buttonLabel ? (
              <CanvasButton
                global={global}
                label={props.buttonLabel}
                color={global.linkColor}
                textColor="#ffffff"
              />
            ) : null}
          </div>
        ))}
      </div>
      {props.items.length === 0 ? <span>Add products in the settings</span> : null}
    </BlockBox>
  );
}

function CatalogSettings({ block, onChange, services }: SettingsProps<'catalog'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="catalog">
      <NumberField
        label="Columns"
        min={1}
        max={4}
        value={block.props.columns}
        onChange={(columns) => set('columns', columns)}
      />
      <TextField
        label="Button text"
        hint="Empty: no button"
        value={block.props.buttonLabel}
        error={lengthError(block.props.buttonLabel)}
        onChange={(label) => set('buttonLabel', label)}
      />
      <TextStyleFields props={block.props} onChange={onChange} />
      <ListEditor
        noun="Product"
        items={block.props.items}
        onChange={(items) => set('items', items)}
        create={() => ({ image: '', title: 'New product', price: '$0.00', href: '' })}
        renderItem={(item, update) => (
          <>
            <ImageField
              label="Image address"
              value={item.image}
              onChange={(image) => update({ ...item, image })}
              services={services}
            />
            <TextField
              label="Name"
              value={item.title}
              error={lengthError(item.title)}
              onChange={(title) => update({ ...item, title })}
            />
            <TextField
              label="Price"
              value={item.price}
              error={lengthError(item.price)}
              onChange={(price) => update({ ...item, price })}
            />
            <UrlField label="Link" value={item.href} onChange={(href) => update({ ...item, href })} />
          </>
        )}
      />
    </SettingsPanel>
  );
}

export const catalogBlock: BlockDefinition<'catalog'> = {
  type: 'catalog',
  icon: '▦',
  create: () => ({
    columns: 2,
    items: [
      {
        image: '',
        title: 'Merino crew sweater',
        price: '$89.00',
        href: 'https://example.com/products/sweater',
      },
      { image: '', title: 'Waxed canvas tote', price: '$54.00', href: 'https://example.com/products/tote' },
    ],
    buttonLabel: 'View product',
    color: '#333333',
    fontSize: 15,
    lineHeight: 1.4,
  }),
  Canvas: CatalogCanvas,
  Settings: CatalogSettings,
};
