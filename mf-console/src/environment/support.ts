import { isFeatureOn } from '@app/contract';
import { $consoleFlags, getVendorConfig, runtimeConfig } from '@app/shared';

/** §2: contact-us is offered only when support is enabled (the vendor's setting and the app.support flag). */
export function supportEnabled(): boolean {
  const config = runtimeConfig();
  return (
    getVendorConfig(config.vendor, config.variant).support.contactUs &&
    isFeatureOn($consoleFlags.get(), 'app.support')
  );
}

/** §6 apiKey.instruction: the API instruction screen. */
export function apiInstructionEnabled(): boolean {
  return isFeatureOn($consoleFlags.get(), 'apiKey.instruction');
}
