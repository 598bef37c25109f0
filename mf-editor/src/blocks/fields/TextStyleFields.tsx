import { ColorField } from './ColorField.tsx';
import { NumberField } from './NumberField.tsx';

export interface TextStyle {
  color: string;
  fontSize: number;
  lineHeight: number;
}

/** The text colour, size and line height several blocks share. */
export function TextStyleFields<P extends TextStyle>({
  props,
  onChange,
}: {
  props: P;
  onChange(props: P): void;
}) {
  return (
    <>
      <ColorField
        label="Text colour"
        value={props.color}
        onChange={(color) => onChange({ ...props, color })}
      />
      <NumberField
        label="Font size"
        suffix="px"
        min={8}
        max={72}
        value={props.fontSize}
        onChange={(fontSize) => onChange({ ...props, fontSize })}
      />
      <NumberField
        label="Line height"
        min={1}
        max={3}
        step={0.1}
        integer={false}
        value={props.lineHeight}
        onChange={(lineHeight) => onChange({ ...props, lineHeight })}
      />
    </>
  );
}
