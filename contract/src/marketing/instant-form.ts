// Zod-free (the console bundles it): what a form's hosted page looks like until the company changes it.
import type { fontFamilies } from '../editor/design-constants.ts';

type Placement = 'left' | 'center' | 'right';

/** §3 instant-form settings' defaults: the form's name as the heading, light, no logo. */
export const instantFormDefaults = {
  title: '',
  description: '',
  headerAlign: 'left' as Placement,
  successColor: '#1c7c3c',
  fontFamily: 'system' as 'system' | (typeof fontFamilies)[number],
  fontSize: 16,
  background: '#ffffff',
  theme: 'light' as 'light' | 'dark',
  showLogo: false,
  logoPosition: 'center' as Placement,
  logo: '',
};
