import shoelaceTheme from '@shoelace-style/shoelace/dist/themes/light.css?inline';
import type { VendorConfig } from '../vendors/types.ts';
import { registerKitOnSight } from './kit/kit.ts';
import { defineNotifications } from './notifications-element.ts';
import css from './styles.css?inline';
import { defineToaster } from './toaster-element.ts';

/** The vendor's colours, written onto the UI kit's custom properties. */
function applyVendorTheme(vendor: VendorConfig): void {
  const style = document.documentElement.style;
  style.setProperty('--app-primary', vendor.theme['--color-primary']);
  style.setProperty('--app-primary-contrast', vendor.theme['--color-primary-contrast']);
  style.setProperty('--app-accent', vendor.theme['--color-accent']);
  style.setProperty('--app-sidebar', vendor.theme['--color-sidebar']);
  document.documentElement.dataset.vendor = vendor.vendor;
}

/**
 * Adds the UI kit's stylesheet once (Shoelace's light theme, then ours mapping it onto the vendor's
 * colours), applies the vendor theme and defines the shared custom elements. Shoelace's components
 * are modules of the import map that each page registers (lazyPage), and any other one drawn is
 * registered on sight.
 */
export function installUiKit(vendor: VendorConfig): void {
  applyVendorTheme(vendor);
  if (!document.getElementById('app-ui-kit')) {
    const style = document.createElement('style');
    style.id = 'app-ui-kit';
    style.textContent = `${shoelaceTheme}\n${css}`;
    document.head.append(style);
  }
  defineToaster();
  defineNotifications();
  registerKitOnSight();
}
