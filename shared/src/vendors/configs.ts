/**
 * Per-vendor settings (§1, §6, §7). Decisions where the spec is silent:
 * - Hiding vendor: 'booking' (event-booking white label) hides exactly transactional email, whatsapp,
 *   push, banner, shortener, landing page, audience and forms. Its customer showcases
 *   (booking-daikin, booking-doss) keep those areas: §1 says only one vendor hides them.
 * - Sample data: the customer showcase builds booking-daikin, booking-doss and cottonink run on
 *   built-in sample data (demos without a backend account).
 * - skipUsageCall (fixed free quota 3000): the same three sample-data vendors, which have no usage
 *   service to call, plus 'booking', which has no email subscription.
 * - Cookie auth: 'readsee-cdp' and 'inbox', which are embedded in a host product on the same site
 *   and share its session cookie; all others send a bearer token.
 * - Login/signup: 'otp' logs in by one-time password; white-label enterprise vendors (jatis, obl,
 *   miitrx, bpjstktrx, seabank) use the brand screen; vendors whose accounts are provisioned by the
 *   vendor (obl, miitrx, otp, bpjstktrx, seabank) have no signup.
 * - Admin-invite white label (§6): 'jatis' (a reseller managing its customers' accounts).
 * - Support widget hidden for every vendor (§1, §9: chat hidden); documentation links only for the
 *   product's own brands (mt, mttrx, smtp, purify, jatis).
 * - Brand names and colours are the owner's working values until marketing supplies final ones.
 */

import type {
  AuthMode,
  LoginVariant,
  ProductArea,
  SignupVariant,
  Vendor,
  VendorSupport,
  VendorWording,
} from './types.ts';
import { productAreas } from './types.ts';

export interface VendorEntry {
  brand: string;
  wording: VendorWording;
  areas: readonly ProductArea[];
  login: LoginVariant;
  signup: SignupVariant;
  auth: AuthMode;
  sampleData: boolean;
  skipUsageCall: boolean;
  adminInvite: boolean;
  colors: { primary: string; primaryContrast: string; accent: string; sidebar: string };
  support: VendorSupport;
}

/** The areas the hiding vendor does not show (§1). */
export const hiddenForBooking: readonly ProductArea[] = [
  'transactionalEmail',
  'whatsapp',
  'push',
  'banner',
  'shortener',
  'landingPage',
  'audience',
  'forms',
];

const allAreas: readonly ProductArea[] = productAreas;
const transactionalOnly: readonly ProductArea[] = ['transactionalEmail'];
const otpAreas: readonly ProductArea[] = ['otp', 'transactionalEmail'];
const cdpAreas: readonly ProductArea[] = ['cdp', 'customerInsight', 'eventAnalytics', 'contacts', 'audience'];

const docsAndContact: VendorSupport = { widget: false, contactUs: true, documentation: true };
const contactOnly: VendorSupport = { widget: false, contactUs: true, documentation: false };

const mtColors = { primary: '#1a73e8', primaryContrast: '#ffffff', accent: '#ff6f00', sidebar: '#0d2c54' };

function entry(brand: string, overrides: Partial<VendorEntry> = {}): VendorEntry {
  return {
    brand,
    wording: { productName: brand, supportName: `${brand} Support` },
    areas: allAreas,
    login: 'standard',
    signup: 'standard',
    auth: 'bearer',
    sampleData: false,
    skipUsageCall: false,
    adminInvite: false,
    colors: mtColors,
    support: contactOnly,
    ...overrides,
  };
}

export const vendorEntries: Readonly<Record<Vendor, VendorEntry>> = {
  mt: entry('Mailtarget', { support: docsAndContact }),
  jatis: entry('Jatis Mobile', {
    wording: { productName: 'Jatis Email', supportName: 'Jatis Support' },
    login: 'brand',
    signup: 'brand',
    adminInvite: true,
    colors: { primary: '#e30613', primaryContrast: '#ffffff', accent: '#1d1d1b', sidebar: '#1d1d1b' },
    support: docsAndContact,
  }),
  obl: entry('OBL', {
    areas: transactionalOnly,
    login: 'brand',
    signup: 'none',
    colors: { primary: '#00529b', primaryContrast: '#ffffff', accent: '#f7a800', sidebar: '#002b52' },
  }),
  miitrx: entry('MII Transactional', {
    areas: transactionalOnly,
    login: 'brand',
    signup: 'none',
    colors: { primary: '#005baa', primaryContrast: '#ffffff', accent: '#00a3e0', sidebar: '#00305a' },
  }),
  otp: entry('OTP', {
    wording: { productName: 'OTP Service', supportName: 'OTP Support' },
    areas: otpAreas,
    login: 'otp',
    signup: 'none',
  }),
  bpjstktrx: entry('BPJS Ketenagakerjaan', {
    wording: { productName: 'BPJSTK Email', supportName: 'BPJSTK Helpdesk' },
    areas: transactionalOnly,
    login: 'brand',
    signup: 'none',
    colors: { primary: '#00923f', primaryContrast: '#ffffff', accent: '#f4b400', sidebar: '#005a27' },
  }),
  seabank: entry('SeaBank', {
    areas: transactionalOnly,
    login: 'brand',
    signup: 'none',
    colors: { primary: '#ee4d2d', primaryContrast: '#ffffff', accent: '#ffb400', sidebar: '#2b2b2b' },
  }),
  mttrx: entry('Mailtarget Transactional', {
    wording: { productName: 'Mailtarget', supportName: 'Mailtarget Support' },
    areas: transactionalOnly,
    support: docsAndContact,
  }),
  booking: entry('Booking', {
    areas: allAreas.filter((area) => !hiddenForBooking.includes(area)),
    skipUsageCall: true,
    colors: { primary: '#0f766e', primaryContrast: '#ffffff', accent: '#f59e0b', sidebar: '#134e4a' },
  }),
  'booking-daikin': entry('Daikin Booking', {
    sampleData: true,
    skipUsageCall: true,
    colors: { primary: '#0097e0', primaryContrast: '#ffffff', accent: '#00b5ad', sidebar: '#003b5c' },
  }),
  'booking-doss': entry('DOSS Booking', {
    sampleData: true,
    skipUsageCall: true,
    colors: { primary: '#d71920', primaryContrast: '#ffffff', accent: '#231f20', sidebar: '#231f20' },
  }),
  cottonink: entry('Cottonink', {
    sampleData: true,
    skipUsageCall: true,
    colors: { primary: '#111111', primaryContrast: '#ffffff', accent: '#c8a97e', sidebar: '#111111' },
  }),
  smtp: entry('SMTP Relay', {
    wording: { productName: 'SMTP Relay', supportName: 'SMTP Relay Support' },
    areas: transactionalOnly,
    support: docsAndContact,
  }),
  inbox: entry('Inbox', { auth: 'cookie' }),
  'readsee-cdp': entry('Readsee CDP', {
    wording: { productName: 'Readsee', supportName: 'Readsee Support' },
    areas: cdpAreas,
    auth: 'cookie',
    colors: { primary: '#6d28d9', primaryContrast: '#ffffff', accent: '#14b8a6', sidebar: '#2e1065' },
  }),
  purify: entry('Purify', {
    areas: transactionalOnly,
    support: docsAndContact,
    colors: { primary: '#059669', primaryContrast: '#ffffff', accent: '#0ea5e9', sidebar: '#064e3b' },
  }),
};
