import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

describe('§9 constants', () => {
  it('versions and language', () => {
    expect([c.releaseVersion, c.policyVersion, c.defaultLanguage]).toEqual(['6.5.9', '2.0.0', 'en']);
  });
  it('notifications, toasts, layout', () => {
    expect([c.notificationAutoDismissMs, c.notificationMaxShown]).toEqual([5000, 3]);
    expect([c.toastWidthPx, c.toastAutoHideMs]).toEqual([475, 5000]);
    expect([c.sidebarBreakpointPx, c.pagingNarrowWidthPx, c.editorMinWidthPx]).toEqual([767, 768, 1024]);
    expect(c.defaultBodyClasses).toEqual(['dashboard', 'mini-sidebar', 'fixed']);
  });
  it('limits and defaults', () => {
    expect(c.uploadLimitBytes).toBe(20971520);
    expect([c.reportRetentionDays, c.fallbackQuota, c.cookieLifetimeMinutes]).toEqual([30, 3000, 1440]);
    expect([c.healthCheckThrottleMs, c.abTestMinRecipients, c.unlimited]).toEqual([60000, 10, -1]);
    expect([c.restrictedRangeMaxSelectedDays, c.restrictedRangeMaxDaysBack]).toEqual([30, 367]);
    expect([c.childOptionDepthCap, c.defaultHourFormat, c.defaultTimezoneOffset]).toEqual([500, 24, '+0700']);
    expect([c.dateTimeInputFormat, c.dateInputFormat, c.displayDateFormat]).toEqual([
      'YYYY-MM-DD HH:mm',
      'YYYY-MM-DD',
      'DD MMMM YYYY',
    ]);
    expect(c.sectionListDefaults).toEqual({ page: 1, size: 10, sort: '-createdAt' });
    expect(c.pageListDefaults).toEqual({ page: 1, size: 10 });
    expect(c.domainListDefaults).toEqual({ page: 1, size: 10 });
    expect(c.captionLimits).toEqual({ twitter: { min: 10, max: 280 }, instagram: { min: 10, max: 1000 } });
    expect(c.imageRatios.map((ratio) => ratio.label)).toEqual(['1:1', '1.91:1', '4:5']);
  });
  it('lists', () => {
    expect(c.companyCategories).toHaveLength(25);
    expect(c.companyCategories[0]).toBe('Agency');
    expect(c.companyCategories.at(-1)).toBe('Other');
    expect(c.companyCategories).toContain('Fast Moving Consumer Goods (FMCG)');
    expect(c.formFieldTypes.map((type) => type.type)).toEqual([
      'inputText',
      'inputTextarea',
      'inputMultiple',
      'inputCheckbox',
      'inputDropdown',
      'uploadFile',
      'inputPhone',
    ]);
    expect(c.editorBlocks).toHaveLength(24);
    expect(c.reportTypes).toEqual([
      'clicked',
      'opened',
      'notopen',
      'delivered',
      'bounceback',
      'unsubscribed',
      'reportspam',
    ]);
    expect(c.feedbackScale).toEqual(['Very Satisfied', 'Satisfied', 'Unsatisfied']);
  });
});
