/** `set(key, value)`: the props with one field changed, handed to onChange. */
export function propsSetter<P extends object>(props: P, onChange: (props: P) => void) {
  return <K extends keyof P>(key: K, value: P[K]) => onChange({ ...props, [key]: value });
}
