import { fallbackQuota } from '@app/contract';
import { vendorEntries } from './configs.ts';
import type { BuildVariant, ProductArea, Vendor, VendorConfig } from './types.ts';
import { vendorValues } from './types.ts';

/** This build (§1): the smtp variant of the jatis vendor. */
export const defaultVendor: Vendor = 'jatis';
export const defaultVariant: BuildVariant = 'smtp';

/** Areas the smtp variant can show: the transactional console only. */
export const smtpVariantAreas: readonly ProductArea[] = ['transactionalEmail'];

export function isVendor(value: unknown): value is Vendor {
  return typeof value === 'string' && (vendorValues as readonly string[]).includes(value);
}

/**
 * The resolved settings for one vendor and build variant; defaults to this build (jatis, smtp).
 * The smtp variant narrows the vendor's areas to the transactional console (empty for 'booking',
 * which hides transactional email: that vendor only ships the full variant).
 */
export function getVendorConfig(
  vendor: Vendor = defaultVendor,
  variant: BuildVariant = defaultVariant,
): VendorConfig {
  const entry = vendorEntries[vendor];
  const features =
    variant === 'smtp' ? entry.areas.filter((area) => smtpVariantAreas.includes(area)) : [...entry.areas];
  return {
    vendor,
    variant,
    brand: entry.brand,
    wording: { ...entry.wording },
    features,
    login: entry.login,
    signup: entry.signup,
    auth: entry.auth,
    sampleData: entry.sampleData,
    skipUsageCall: entry.skipUsageCall,
    fixedQuota: entry.skipUsageCall ? fallbackQuota : null,
    adminInvite: entry.adminInvite,
    theme: {
      '--color-primary': entry.colors.primary,
      '--color-primary-contrast': entry.colors.primaryContrast,
      '--color-accent': entry.colors.accent,
      '--color-sidebar': entry.colors.sidebar,
    },
    support: { ...entry.support },
  };
}

/** Reads an untrusted setting (build env, query); unknown values fall back to the default build. */
export function resolveVendorConfig(vendor: unknown, variant: unknown): VendorConfig {
  return getVendorConfig(
    isVendor(vendor) ? vendor : defaultVendor,
    variant === 'full' || variant === 'smtp' ? variant : defaultVariant,
  );
}

/** Page title "{brand} - {route title}"; just the brand when the route has no title. */
export function pageTitle(config: Pick<VendorConfig, 'brand'>, routeTitle?: string): string {
  return routeTitle ? `${config.brand} - ${routeTitle}` : config.brand;
}

/** Whether the build shows a product area. */
export function showsArea(config: Pick<VendorConfig, 'features'>, area: ProductArea): boolean {
  return config.features.includes(area);
}
