import { ColorField } from './ColorField.tsx';
import { NumberField } from './NumberField.tsx';
import { SwitchField } from './SwitchField.tsx';
import { TextField } from './TextField.tsx';
import { UrlField } from './UrlField.tsx';
import { lengthError } from './validation.ts';

export interface ButtonLook {
  label: string;
  href: string;
  color: string;
  textColor: string;
  radius: number;
  fullWidth: boolean;
}

/** A button's label, link and look (Button and Download); `withLink` false when the link is the file. */
export function ButtonFields<P extends ButtonLook>({
  props,
  onChange,
  withLink = true,
}: {
  props: P;
  onChange(props: P): void;
  withLink?: boolean;
}) {
  return (
    <>
      <TextField
        label="Button text"
        value={props.label}
        error={lengthError(props.label)}
        onChange={(label) => onChange({ ...props, label })}
      />
      {withLink ? (
        <UrlField label="Link" value={props.href} onChange={(href) => onChange({ ...props, href })} />
      ) : null}
      <ColorField
        label="Button colour"
        value={props.color}
        onChange={(color) => onChange({ ...props, color })}
      />
      <ColorField
        label="Text colour"
        value={props.textColor}
        onChange={(textColor) => onChange({ ...props, textColor })}
      />
      <NumberField
        label="Corner radius"
        suffix="px"
        min={0}
        max={40}
        value={props.radius}
        onChange={(radius) => onChange({ ...props, radius })}
      />
      <SwitchField
        label="Full width"
        checked={props.fullWidth}
        onChange={(fullWidth) => onChange({ ...props, fullWidth })}
      />
    </>
  );
}
