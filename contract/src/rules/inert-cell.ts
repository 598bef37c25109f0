/**
 * A text cell a spreadsheet would run as a formula (`=`, `@`, a tab or CR first, or `+`/`-` not
 * followed by a digit: a phone number stays a phone number) gets a leading apostrophe.
 */
export function inertCell(value: string | number | boolean): string | number | boolean {
  if (typeof value !== 'string') return value;
  return /^[=@\t\r]|^[+-](?![\d\s(])/.test(value) ? `'${value}` : value;
}
