import { lengthError } from './validation.ts';

/** `set(key, value)`: the props with one field changed, handed to onChange. */
export function propsSetter<P extends object>(props: P, onChange: (props: P) => void) {
  return <K extends keyof P>(key: K, value: P[K]) => onChange({ ...props, [key]: value });
}

type TextKey<P> = { [K in keyof P]-?: P[K] extends string ? K : never }[keyof P];

/**
 * `text(key, max?)`: a text prop bound to a TextField, with the length message design.ts would
 * give: `<TextField label="Title" {...text('title')} />`.
 */
export function textBinder<P extends object>(props: P, onChange: (props: P) => void) {
  return (key: TextKey<P>, max?: number) => {
    const value = props[key] as string;
    return {
      value,
      error: lengthError(value, max),
      onChange: (next: string) => onChange({ ...props, [key]: next }),
    };
  };
}
