import { getVendorConfig, runtimeConfig } from '@app/shared';

export function currentVendor() {
  const config = runtimeConfig();
  return getVendorConfig(config.vendor, config.variant);
}
