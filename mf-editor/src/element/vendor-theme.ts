/** A vendor's look for `<email-editor>` (its `theme` attribute, JSON): only these, checked. */
export interface VendorTheme {
  /** The accent colour of buttons, selection and focus, `#rrggbb`. */
  primary?: string;
  /** A CSS font stack for the editor's own labels (not the mail's fonts). */
  font?: string;
  /** Corner radius of the editor's controls, in px (0 to 24). */
  radius?: number;
}

const hex = /^#[0-9a-fA-F]{6}$/;
/** A font stack: names, quotes, commas and spaces; nothing that could end the declaration. */
const fontStack = /^[\w\s,'"-]{1,200}$/;

/** Darker or lighter by `amount` (-1..1) toward black or white: hover and active tones of the accent. */
function shade(color: string, amount: number): string {
  const channels = [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16));
  const target = amount < 0 ? 0 : 255;
  return `#${channels
    .map((channel) => Math.round(channel + (target - channel) * Math.abs(amount)))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * The CSS custom properties a theme sets on the element's host, for the editor's own styles
 * (`--ee-theme-*`) and for the Shoelace controls inside it (`--sl-*`). Values that do not pass the checks
 * are left out, so a vendor's typo keeps the default look instead of breaking it.
 */
export function themeVariables(theme: VendorTheme | undefined): Record<string, string> {
  const variables: Record<string, string> = {};
  if (!theme) return variables;
  if (typeof theme.primary === 'string' && hex.test(theme.primary)) {
    variables['--ee-theme-accent'] = theme.primary;
    variables['--sl-color-primary-500'] = shade(theme.primary, 0.15);
    variables['--sl-color-primary-600'] = theme.primary;
    variables['--sl-color-primary-700'] = shade(theme.primary, -0.15);
  }
  if (typeof theme.font === 'string' && fontStack.test(theme.font)) {
    variables['--ee-theme-font'] = theme.font;
    variables['--sl-font-sans'] = theme.font;
  }
  if (typeof theme.radius === 'number' && Number.isFinite(theme.radius)) {
    const radius = `${Math.min(24, Math.max(0, Math.round(theme.radius)))}px`;
    variables['--ee-theme-radius'] = radius;
    variables['--sl-border-radius-medium'] = radius;
  }
  return variables;
}
