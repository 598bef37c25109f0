export type { VendorEntry } from './configs.ts';
export { hiddenForBooking, vendorEntries } from './configs.ts';
export {
  defaultVariant,
  defaultVendor,
  getVendorConfig,
  isVendor,
  pageTitle,
  resolveVendorConfig,
  showsArea,
  smtpVariantAreas,
} from './get-vendor-config.ts';
export type {
  AuthMode,
  BuildVariant,
  LoginVariant,
  ProductArea,
  SignupVariant,
  ThemeVariable,
  Vendor,
  VendorConfig,
  VendorSupport,
  VendorWording,
} from './types.ts';
export { productAreas, vendorValues } from './types.ts';
