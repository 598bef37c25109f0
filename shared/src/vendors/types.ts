/** §1 vendor values. */
export const vendorValues = [
  'mt',
  'jatis',
  'obl',
  'miitrx',
  'otp',
  'bpjstktrx',
  'seabank',
  'mttrx',
  'booking',
  'booking-daikin',
  'booking-doss',
  'cottonink',
  'smtp',
  'inbox',
  'readsee-cdp',
  'purify',
] as const;

export type Vendor = (typeof vendorValues)[number];

/** 'smtp' builds the transactional console only; 'full' builds every product area. */
export type BuildVariant = 'smtp' | 'full';

export { type ProductArea, productAreas } from '@app/contract/features/product-areas';

import type { ProductArea } from '@app/contract/features/product-areas';

/** 'standard': product login; 'brand': vendor logo and colours with its own copy; 'otp': one-time-password login. */
export type LoginVariant = 'standard' | 'brand' | 'otp';

/** 'standard' or 'brand' signup screen; 'none' where accounts are provisioned by the vendor. */
export type SignupVariant = 'standard' | 'brand' | 'none';

export type AuthMode = 'bearer' | 'cookie';

export type ThemeVariable =
  | '--color-primary'
  | '--color-primary-contrast'
  | '--color-accent'
  | '--color-sidebar';

export interface VendorWording {
  /** Product name in copy ("Welcome to {productName}"). */
  productName: string;
  /** How support is named in copy ("Contact {supportName}"). */
  supportName: string;
}

export interface VendorSupport {
  /** The chat/support widget; hidden in every build for now (§1, §9: chat hidden). */
  widget: boolean;
  /** The /contact-us page and link. */
  contactUs: boolean;
  /** Documentation and marketing links (email API, SMTP relay, solutions, /signup link on 404). */
  documentation: boolean;
}

export interface VendorConfig {
  vendor: Vendor;
  variant: BuildVariant;
  /** Used in page titles: "{brand} - {route title}". */
  brand: string;
  wording: VendorWording;
  /** The product areas shown in this build (vendor areas, narrowed by the variant). */
  features: readonly ProductArea[];
  login: LoginVariant;
  signup: SignupVariant;
  auth: AuthMode;
  /** Built-in sample data instead of server calls. */
  sampleData: boolean;
  /** Skip the usage call and use a fixed free quota (§6). */
  skipUsageCall: boolean;
  /** Monthly email quota used when skipUsageCall is set (3000), otherwise null. */
  fixedQuota: number | null;
  /** White-label admin-invite flow (§6). */
  adminInvite: boolean;
  theme: Readonly<Record<ThemeVariable, string>>;
  support: VendorSupport;
}
