import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { CanvasButton } from '../canvas/CanvasButton.tsx';
import { ColorField } from '../fields/ColorField.tsx';
import { propsSetter, textBinder } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';
import { UrlField } from '../fields/UrlField.tsx';
import { imageTextDefaults } from '../image-text/ImageTextBlock.tsx';
import { ImageTextFields } from '../image-text/ImageTextFields.tsx';
import { ImageTextLayout } from '../image-text/ImageTextLayout.tsx';

function ImageTextButtonCanvas({ block, global, selected, onChange }: CanvasProps<'imageTextButton'>) {
  const { props } = block;
  return (
    <BlockBox global={global} style={block.style}>
      <ImageTextLayout
        props={props}
        global={global}
        selected={selected}
        label="Image Text Button text"
        onChange={onChange}
        after={
          <div style={{ marginBlockStart: 12 }}>
            <CanvasButton
              global={global}
              label={props.buttonLabel}
              color={props.buttonColor}
              textColor={props.buttonTextColor}
            />
          </div>
        }
      />
    </BlockBox>
  );
}

function ImageTextButtonSettings({ block, onChange, services }: SettingsProps<'imageTextButton'>) {
  const { props } = block;
  const set = propsSetter(props, onChange);
  const text = textBinder(props, onChange);
  return (
    <SettingsPanel type="imageTextButton">
      <ImageTextFields props={props} onChange={onChange} services={services} />
      <TextField label="Button text" {...text('buttonLabel')} />
      <UrlField label="Button link" value={props.buttonHref} onChange={(value) => set('buttonHref', value)} />
      <ColorField
        label="Button colour"
        value={props.buttonColor}
        onChange={(value) => set('buttonColor', value)}
      />
      <ColorField
        label="Button text colour"
        value={props.buttonTextColor}
        onChange={(value) => set('buttonTextColor', value)}
      />
    </SettingsPanel>
  );
}

export const imageTextButtonBlock: BlockDefinition<'imageTextButton'> = {
  type: 'imageTextButton',
  icon: '◨',
  create: () => ({
    ...imageTextDefaults(),
    buttonLabel: 'Discover more',
    buttonHref: 'https://example.com/story',
    buttonColor: '#2457c5',
    buttonTextColor: '#ffffff',
  }),
  Canvas: ImageTextButtonCanvas,
  Settings: ImageTextButtonSettings,
};
