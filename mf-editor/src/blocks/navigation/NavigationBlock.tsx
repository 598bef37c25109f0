import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { ColorField } from '../fields/ColorField.tsx';
import { ListEditor } from '../fields/ListEditor.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';
import { UrlField } from '../fields/UrlField.tsx';

function NavigationCanvas({ block, global }: CanvasProps<'navigation'>) {
  const { links, color, fontSize } = block.props;
  return (
    <BlockBox global={global} style={block.style}>
      {links.length === 0 ? <span>Add links in the settings</span> : null}
      {links.map((link, index) => (
        <span key={index} style={{ display: 'inline-block', margin: '4px 12px', color, fontSize }}>
          {link.label}
        </span>
      ))}
    </BlockBox>
  );
}

function NavigationSettings({ block, onChange }: SettingsProps<'navigation'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="navigation">
      <ListEditor
        noun="Link"
        items={block.props.links}
        onChange={(links) => set('links', links)}
        create={() => ({ label: 'Page', href: 'https://' })}
        renderItem={(link, update) => (
          <>
            <TextField label="Text" value={link.label} onChange={(label) => update({ ...link, label })} />
            <UrlField label="Address" value={link.href} onChange={(href) => update({ ...link, href })} />
          </>
        )}
      />
      <ColorField label="Link colour" value={block.props.color} onChange={(value) => set('color', value)} />
      <NumberField
        label="Font size"
        suffix="px"
        min={10}
        max={32}
        value={block.props.fontSize}
        onChange={(value) => set('fontSize', value)}
      />
    </SettingsPanel>
  );
}

export const navigationBlock: BlockDefinition<'navigation'> = {
  type: 'navigation',
  icon: '☷',
  create: () => ({
    links: [
      { label: 'Home', href: 'https://example.com' },
      { label: 'Shop', href: 'https://example.com/shop' },
      { label: 'Contact', href: 'https://example.com/contact' },
    ],
    color: '#1d4ed8',
    fontSize: 16,
  }),
  Canvas: NavigationCanvas,
  Settings: NavigationSettings,
};
