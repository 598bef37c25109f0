import { defaultInitials } from './constants.ts';

/** §5: template labels keep only letters, digits, spaces and hyphens. */
export function sanitizeTemplateLabel(label: string): string {
  return label.replace(/[^\p{L}\p{N} -]/gu, '');
}

/** §9: initials from the first two words, upper case; "MT" when there are none. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  const letters = words.map((word) => Array.from(word)[0] ?? '').join('');
  return letters === '' ? defaultInitials : letters.toUpperCase();
}

/** §5 field error display: "Field " + label + " " + the first error; '' when there is no error. */
export function fieldErrorText(label: string, errors: readonly string[] | null | undefined): string {
  const first = errors?.[0];
  return first ? `Field ${label} ${first}` : '';
}
