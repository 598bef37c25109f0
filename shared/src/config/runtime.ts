/**
 * Runtime configuration of the browser side. The server may inject `window.__APP_CONFIG__` into
 * index.html; every value has a default that matches the single-process server (same origin).
 */
import { defaultVariant, defaultVendor } from '../vendors/get-vendor-config.ts';
import type { BuildVariant, Vendor } from '../vendors/types.ts';

export interface RuntimeConfig {
  vendor: Vendor;
  variant: BuildVariant;
  bases: { config: string; subscription: string; transactional: string; generator: string; otp: string };
  /** Sent as `X-Product` on transactional calls (§7). */
  productHeader: string;
  /** Application header sent to the subscription API (§7). */
  applicationHeader: string;
  /** The server has an OpenID Connect provider configured for "Sign in with Google". */
  googleSignIn: boolean;
  /** The server runs in MAIL_MODE=capture: mail it sends is readable at /captured-mail. */
  mailCapture: boolean;
  /** A §6 restricted console profile (A–F) this install runs with; absent = every console flag on. */
  consoleProfile?: string;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<RuntimeConfig>;
  }
}

const defaults: RuntimeConfig = {
  vendor: defaultVendor,
  variant: defaultVariant,
  bases: {
    config: '/v1',
    subscription: '/app',
    transactional: '/api/v1',
    generator: '/generator',
    otp: '/otp',
  },
  productHeader: 'transactional',
  applicationHeader: 'console',
  googleSignIn: false,
  mailCapture: false,
};

export function runtimeConfig(): RuntimeConfig {
  const injected = typeof window === 'undefined' ? undefined : window.__APP_CONFIG__;
  return { ...defaults, ...injected, bases: { ...defaults.bases, ...injected?.bases } };
}
