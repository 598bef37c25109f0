import { socialNetworks } from '@app/contract/editor/design-constants';
import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { ListEditor } from '../fields/ListEditor.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SelectField } from '../fields/SelectField.tsx';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { UrlField } from '../fields/UrlField.tsx';
import { networkLooks } from './networks.ts';

const networkOptions = socialNetworks.map((network) => ({
  value: network,
  label: networkLooks[network].name,
}));

function SocialCanvas({ block, global }: CanvasProps<'social'>) {
  const { links, iconSize } = block.props;
  return (
    <BlockBox global={global} style={block.style}>
      {links.length === 0 ? <span>Add social links in the settings</span> : null}
      {links.map((link, index) => {
        const look = networkLooks[link.network];
        return (
          <span
            key={index}
            role="img"
            aria-label={look.name}
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              inlineSize: iconSize,
              blockSize: iconSize,
              margin: '0 4px',
              borderRadius: '50%',
              background: look.color,
              color: '#ffffff',
              fontSize: Math.max(10, iconSize * 0.4),
              fontWeight: 700,
              fontFamily: 'Arial, sans-serif',
            }}
          >
            {look.glyph}
          </span>
        );
      })}
    </BlockBox>
  );
}

function SocialSettings({ block, onChange }: SettingsProps<'social'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="social">
      <NumberField
        label="Icon size"
        suffix="px"
        min={16}
        max={64}
        value={block.props.iconSize}
        onChange={(size) => set('iconSize', size)}
      />
      <ListEditor
        noun="Link"
        items={block.props.links}
        onChange={(links) => set('links', links)}
        create={() => ({ network: 'linkedin' as const, href: 'https://' })}
        renderItem={(link, update) => (
          <>
            <SelectField
              label="Network"
              value={link.network}
              options={networkOptions}
              onChange={(network) => update({ ...link, network })}
            />
            <UrlField
              label="Profile address"
              value={link.href}
              onChange={(href) => update({ ...link, href })}
            />
          </>
        )}
      />
    </SettingsPanel>
  );
}

export const socialBlock: BlockDefinition<'social'> = {
  type: 'social',
  icon: '@',
  create: () => ({
    links: [
      { network: 'facebook', href: 'https://facebook.com/' },
      { network: 'x', href: 'https://x.com/' },
      { network: 'instagram', href: 'https://instagram.com/' },
    ],
    iconSize: 32,
  }),
  Canvas: SocialCanvas,
  Settings: SocialSettings,
};
