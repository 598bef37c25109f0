import { describe, expect, it } from 'vitest';
import { hiddenForBooking } from './configs.ts';
import {
  defaultVariant,
  defaultVendor,
  getVendorConfig,
  pageTitle,
  resolveVendorConfig,
  showsArea,
} from './get-vendor-config.ts';
import { productAreas, vendorValues } from './types.ts';

describe('vendor values', () => {
  it('has the 16 §1 values', () => {
    expect(vendorValues).toEqual([
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
    ]);
  });
  it.each(vendorValues.flatMap((vendor) => [[vendor, 'full'] as const, [vendor, 'smtp'] as const]))(
    '%s (%s) resolves to a complete config',
    (vendor, variant) => {
      const config = getVendorConfig(vendor, variant);
      expect(config.vendor).toBe(vendor);
      expect(config.variant).toBe(variant);
      expect(config.brand.length).toBeGreaterThan(0);
      expect(config.wording.productName.length).toBeGreaterThan(0);
      expect(config.wording.supportName.length).toBeGreaterThan(0);
      for (const value of Object.values(config.theme)) expect(value).toMatch(/^#[0-9a-f]{6}$/i);
      expect(['standard', 'brand', 'otp']).toContain(config.login);
      expect(['bearer', 'cookie']).toContain(config.auth);
      expect(config.support.widget).toBe(false);
    },
  );
});

describe('default build', () => {
  it('is the smtp variant of jatis', () => {
    expect(defaultVendor).toBe('jatis');
    expect(defaultVariant).toBe('smtp');
    const config = getVendorConfig();
    expect(config.vendor).toBe('jatis');
    expect(config.variant).toBe('smtp');
    expect(config.features).toEqual(['transactionalEmail']);
    expect(config.auth).toBe('bearer');
    expect(config.sampleData).toBe(false);
    expect(config.skipUsageCall).toBe(false);
  });
  it('titles pages "{brand} - {route title}"', () => {
    expect(pageTitle(getVendorConfig(), 'Analytic')).toBe('Jatis Mobile - Analytic');
    expect(pageTitle(getVendorConfig())).toBe('Jatis Mobile');
  });
  it('falls back to the default build for unknown settings', () => {
    expect(resolveVendorConfig('acme', 'huge')).toEqual(getVendorConfig('jatis', 'smtp'));
    expect(resolveVendorConfig('mt', 'full').vendor).toBe('mt');
  });
});

describe('variants', () => {
  it('smtp shows the transactional console only', () => {
    for (const vendor of vendorValues) {
      expect(getVendorConfig(vendor, 'smtp').features.every((area) => area === 'transactionalEmail')).toBe(
        true,
      );
    }
  });
  it('full shows every area for the main brand', () => {
    expect(getVendorConfig('mt', 'full').features).toEqual([...productAreas]);
  });
});

describe('the hiding vendor (booking)', () => {
  const config = getVendorConfig('booking', 'full');
  it('hides exactly transactional email, whatsapp, push, banner, shortener, landing page, audience and forms', () => {
    expect([...hiddenForBooking].sort()).toEqual(
      [
        'transactionalEmail',
        'whatsapp',
        'push',
        'banner',
        'shortener',
        'landingPage',
        'audience',
        'forms',
      ].sort(),
    );
    const hidden = productAreas.filter((area) => !config.features.includes(area));
    expect(hidden.sort()).toEqual([...hiddenForBooking].sort());
  });
  it('still shows campaigns, contacts and events', () => {
    expect(showsArea(config, 'emailCampaigns')).toBe(true);
    expect(showsArea(config, 'contacts')).toBe(true);
    expect(showsArea(config, 'events')).toBe(true);
  });
  it('is the only vendor hiding those areas in the full build', () => {
    const hiders = vendorValues.filter((vendor) => {
      const features = getVendorConfig(vendor, 'full').features;
      return features.length > 5 && hiddenForBooking.every((area) => !features.includes(area));
    });
    expect(hiders).toEqual(['booking']);
  });
  it('has nothing to show in the smtp variant', () => {
    expect(getVendorConfig('booking', 'smtp').features).toEqual([]);
  });
});

describe('auth, sample data and usage', () => {
  it('only readsee-cdp and inbox use cookies', () => {
    expect(vendorValues.filter((vendor) => getVendorConfig(vendor).auth === 'cookie')).toEqual([
      'inbox',
      'readsee-cdp',
    ]);
  });
  it('the showcase vendors use built-in sample data', () => {
    expect(vendorValues.filter((vendor) => getVendorConfig(vendor).sampleData)).toEqual([
      'booking-daikin',
      'booking-doss',
      'cottonink',
    ]);
  });
  it('vendors that skip the usage call get a fixed free quota of 3000', () => {
    const skipping = vendorValues.filter((vendor) => getVendorConfig(vendor).skipUsageCall);
    expect(skipping).toEqual(['booking', 'booking-daikin', 'booking-doss', 'cottonink']);
    for (const vendor of skipping) expect(getVendorConfig(vendor).fixedQuota).toBe(3000);
    expect(getVendorConfig('mt').fixedQuota).toBeNull();
  });
  it('every sample-data vendor skips the usage call', () => {
    for (const vendor of vendorValues) {
      const config = getVendorConfig(vendor);
      if (config.sampleData) expect(config.skipUsageCall).toBe(true);
    }
  });
});

describe('login and signup screens', () => {
  it('otp logs in by one-time password without signup', () => {
    expect(getVendorConfig('otp').login).toBe('otp');
    expect(getVendorConfig('otp').signup).toBe('none');
  });
  it('white-label vendors show the brand login', () => {
    for (const vendor of ['jatis', 'obl', 'miitrx', 'bpjstktrx', 'seabank'] as const) {
      expect(getVendorConfig(vendor).login).toBe('brand');
    }
    expect(getVendorConfig('mt').login).toBe('standard');
  });
  it('jatis has the admin-invite flow', () => {
    expect(vendorValues.filter((vendor) => getVendorConfig(vendor).adminInvite)).toEqual(['jatis']);
  });
});
