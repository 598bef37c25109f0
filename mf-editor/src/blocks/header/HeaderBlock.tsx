import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { Placeholder } from '../canvas/Placeholder.tsx';
import { textCss } from '../canvas/text-css.ts';
import { ImageField } from '../fields/ImageField.tsx';
import { ListEditor } from '../fields/ListEditor.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { propsSetter, textBinder } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';
import { TextStyleFields } from '../fields/TextStyleFields.tsx';
import { UrlField } from '../fields/UrlField.tsx';
import { lengthError } from '../fields/validation.ts';

function HeaderCanvas({ block, global }: CanvasProps<'header'>) {
  const { props } = block;
  return (
    <BlockBox global={global} style={block.style} extra={textCss(props)}>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 16,
          flexWrap: 'wrap',
        }}
      >
        {props.logo ? (
          <img
            src={props.logo}
            alt={props.logoAlt}
            style={{ display: 'block', inlineSize: props.logoWidth, maxInlineSize: '100%' }}
          />
        ) : (
          <Placeholder
            label="Logo"
            height={48}
            style={{ inlineSize: props.logoWidth, maxInlineSize: '100%' }}
          />
        )}
        <nav aria-label="Header links" style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          {props.links.map((link, index) => (
            <span key={index} style={{ color: props.color, textDecoration: 'none' }}>
              {link.label}
            </span>
          ))}
        </nav>
      </div>
    </BlockBox>
  );
}

function HeaderSettings({ block, onChange, services }: SettingsProps<'header'>) {
  const { props } = block;
  const set = propsSetter(props, onChange);
  const text = textBinder(props, onChange);
  return (
    <SettingsPanel type="header">
      <ImageField
        label="Logo address"
        value={props.logo}
        onChange={(value) => set('logo', value)}
        services={services}
      />
      <TextField label="Logo alternative text" {...text('logoAlt')} />
      <UrlField label="Logo link" value={props.logoHref} onChange={(value) => set('logoHref', value)} />
      <NumberField
        label="Logo width"
        suffix="px"
        min={20}
        max={600}
        value={props.logoWidth}
        onChange={(value) => set('logoWidth', value)}
      />
      <TextStyleFields props={props} onChange={onChange} />
      <ListEditor
        noun="Link"
        items={props.links}
        onChange={(links) => set('links', links)}
        create={() => ({ label: 'New link', href: 'https://' })}
        renderItem={(link, update) => (
          <>
            <TextField
              label="Text"
              value={link.label}
              error={lengthError(link.label)}
              onChange={(label) => update({ ...link, label })}
            />
            <UrlField label="Address" value={link.href} onChange={(href) => update({ ...link, href })} />
          </>
        )}
      />
    </SettingsPanel>
  );
}

export const headerBlock: BlockDefinition<'header'> = {
  type: 'header',
  icon: '☰',
  create: () => ({
    logo: '',
    logoAlt: 'Company logo',
    logoHref: 'https://example.com',
    logoWidth: 120,
    links: [
      { label: 'Shop', href: 'https://example.com/shop' },
      { label: 'New in', href: 'https://example.com/new' },
      { label: 'Contact', href: 'https://example.com/contact' },
    ],
    color: '#1f2937',
    fontSize: 14,
    lineHeight: 1.4,
  }),
  Canvas: HeaderCanvas,
  Settings: HeaderSettings,
};
