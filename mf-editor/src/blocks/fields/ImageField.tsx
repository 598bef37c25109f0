import type { EditorServices } from '../block-definition.ts';
import { fieldStyle } from './field-style.ts';
import { UrlField } from './UrlField.tsx';

/** An image: "Choose image" opens the editor's picker (upload or file store); the address can also be typed. */
export function ImageField({
  label,
  value,
  onChange,
  services,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  services: EditorServices;
}) {
  return (
    <div style={fieldStyle}>
      <UrlField label={label} value={value} onChange={onChange} kind="image" />
      <sl-button
        size="small"
        onClick={async () => {
          const picked = await services.pickImage();
          if (picked) onChange(picked.url);
        }}
      >
        Choose image
      </sl-button>
      {value ? (
        <sl-button size="small" variant="text" onClick={() => onChange('')}>
          Remove image
        </sl-button>
      ) : null}
    </div>
  );
}
