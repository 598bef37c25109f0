import { TextField } from './TextField.tsx';
import { imageUrlError, linkError } from './validation.ts';

/** A labelled link (`kind` "link": web, mail, phone or merge tag) or image address ("image": web only). */
export function UrlField({
  label,
  value,
  onChange,
  kind = 'link',
  hint,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  kind?: 'link' | 'image';
  hint?: string;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={onChange}
      placeholder={kind === 'link' ? 'https://' : 'https://…/image.png'}
      hint={hint}
      error={kind === 'link' ? linkError(value) : imageUrlError(value)}
    />
  );
}
