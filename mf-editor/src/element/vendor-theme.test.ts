import { describe, expect, it } from 'vitest';
import { themeVariables } from './vendor-theme.ts';

describe('themeVariables', () => {
  it('maps a vendor accent, font and radius onto the editor and Shoelace properties', () => {
    const variables = themeVariables({ primary: '#0a7d5a', font: "'Inter', sans-serif", radius: 4 });
    expect(variables['--ee-theme-accent']).toBe('#0a7d5a');
    expect(variables['--sl-color-primary-600']).toBe('#0a7d5a');
    expect(variables['--sl-color-primary-700']).toBe('#096a4d');
    expect(variables['--ee-theme-font']).toBe("'Inter', sans-serif");
    expect(variables['--ee-theme-radius']).toBe('4px');
  });

  it('leaves out values that could break out of a declaration or are not colours', () => {
    expect(
      themeVariables({ primary: 'red; background: url(x)', font: 'a;}body{display:none', radius: 999 }),
    ).toEqual({ '--ee-theme-radius': '24px', '--sl-border-radius-medium': '24px' });
    expect(themeVariables(undefined)).toEqual({});
  });
});
