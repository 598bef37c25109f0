import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { ColorField } from '../fields/ColorField.tsx';
import { ImageField } from '../fields/ImageField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';

function TestimonialCanvas({ block, global }: CanvasProps<'testimonial'>) {
  const { quote, author, role, photo, color } = block.props;
  return (
    <BlockBox global={global} style={block.style}>
      {photo ? (
        <img src={photo} alt="" width={72} height={72} style={{ borderRadius: '50%', objectFit: 'cover' }} />
      ) : null}
      <blockquote style={{ margin: '12px 0', fontSize: 20, fontStyle: 'italic', color }}>
        “{quote}”
      </blockquote>
      <div>
        <strong>{author}</strong>
        {role ? `, ${role}` : ''}
      </div>
    </BlockBox>
  );
}

function TestimonialSettings({ block, onChange, services }: SettingsProps<'testimonial'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="testimonial">
      <TextField
        label="Quote"
        multiline
        value={block.props.quote}
        onChange={(value) => set('quote', value)}
      />
      <TextField label="Name" value={block.props.author} onChange={(value) => set('author', value)} />
      <TextField label="Role" value={block.props.role} onChange={(value) => set('role', value)} />
      <ImageField
        label="Photo address"
        value={block.props.photo}
        onChange={(value) => set('photo', value)}
        services={services}
      />
      <ColorField label="Quote colour" value={block.props.color} onChange={(value) => set('color', value)} />
    </SettingsPanel>
  );
}

export const testimonialBlock: BlockDefinition<'testimonial'> = {
  type: 'testimonial',
  icon: '❝',
  create: () => ({
    quote: 'The best bike I have owned, and it came in two days.',
    author: 'Dana',
    role: 'Customer',
    photo: '',
    color: '#1f2937',
  }),
  Canvas: TestimonialCanvas,
  Settings: TestimonialSettings,
};
