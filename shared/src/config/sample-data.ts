import { getVendorConfig } from '../vendors/get-vendor-config.ts';
import { runtimeConfig } from './runtime.ts';

/**
 * §1: the vendors whose console shows built-in sample data instead of calling the server (a demo
 * build). Each marketing area's API module answers from its sample set when this is true.
 */
export function usesSampleData(): boolean {
  const { vendor, variant } = runtimeConfig();
  return getVendorConfig(vendor, variant).sampleData;
}
