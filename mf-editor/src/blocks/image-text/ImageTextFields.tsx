import type { EditorServices } from '../block-definition.ts';
import { ImageField } from '../fields/ImageField.tsx';
import { SelectField } from '../fields/SelectField.tsx';
import { TextField } from '../fields/TextField.tsx';
import { TextStyleFields } from '../fields/TextStyleFields.tsx';
import { lengthError } from '../fields/validation.ts';
import type { ImageTextProps } from './ImageTextLayout.tsx';

const positions = [
  { value: 'left', label: 'Left of the text' },
  { value: 'right', label: 'Right of the text' },
] as const;

/** The image, its place and the text style of Image Text and Image Text Button. */
export function ImageTextFields<P extends ImageTextProps>({
  props,
  onChange,
  services,
}: {
  props: P;
  onChange(props: P): void;
  services: EditorServices;
}) {
  return (
    <>
      <ImageField
        label="Image address"
        value={props.image}
        onChange={(image) => onChange({ ...props, image })}
        services={services}
      />
      <TextField
        label="Alternative text"
        value={props.alt}
        error={lengthError(props.alt)}
        onChange={(alt) => onChange({ ...props, alt })}
      />
      <SelectField
        label="Image position"
        value={props.imagePosition}
        options={positions}
        onChange={(imagePosition) => onChange({ ...props, imagePosition })}
      />
      <p>Write and format the text on the canvas.</p>
      <TextStyleFields props={props} onChange={onChange} />
    </>
  );
}
