import type { VendorConfig } from '../vendors/types.ts';
import { registerKitOnSight } from './kit/kit.ts';
import { defineNotifications } from './notifications-element.ts';
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
 * Applies the vendor theme to the UI kit and defines the shared custom elements. The kit's
 * stylesheet (Shoelace's light theme, then styles.css mapping it onto the vendor's colours) is a
 * file that index.html links (scripts/build.ts). Shoelace's components are modules of the import map
 * that each page registers (lazyPage); any other one drawn is registered on sight.
 */
export function installUiKit(vendor: VendorConfig): void {
  applyVendorTheme(vendor);
  defineToaster();
  defineNotifications();
  registerKitOnSight();
}
