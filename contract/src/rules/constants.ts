/** §9 business constants and limits (and the few §2/§5 numbers the client enforces). */

export const releaseVersion = '6.5.9';
export const policyVersion = '2.0.0';
export const defaultLanguage = 'en';

export const notificationAutoDismissMs = 5000;
export const notificationMaxShown = 3;
export const toastWidthPx = 475;
export const toastAutoHideMs = 5000;

export const sidebarBreakpointPx = 767;
/** Paging shows 3 links under this width, otherwise 5. */
export const pagingNarrowWidthPx = 768;
export const pagingLinksNarrow = 3;
export const pagingLinksWide = 5;
export const editorMinWidthPx = 1024;

export const defaultSocialMediaDisplay = 'list';
export const defaultBodyClasses: readonly string[] = ['dashboard', 'mini-sidebar', 'fixed'];

export const childOptionDepthCap = 500;
export const defaultBillingPeriod = 1;
export const defaultExtraQuotaKind = 'email';
export const defaultStatus = 'DRAFT';

/** 20 MB, for images and for files. */
export const uploadLimitBytes = 20971520;
export const reportRetentionDays = 30;
/** Free fallback quota: emails a month when the usage call is skipped. */
export const fallbackQuota = 3000;

export const hourFormats: readonly (12 | 24)[] = [12, 24];
export const defaultHourFormat = 24;
export const minuteStep = 1;
export const dateTimeInputFormat = 'YYYY-MM-DD HH:mm';
export const dateInputFormat = 'YYYY-MM-DD';
export const displayDateFormat = 'DD MMMM YYYY';
export const defaultTimezoneOffset = '+0700';

export const cookieLifetimeMinutes = 1440;
export const healthCheckThrottleMs = 60000;
/** HTTP client: success statuses 200 to 299; no timeout by default. */
export const successStatusMin = 200;
export const successStatusMax = 299;

export const abTestMinRecipients = 10;

/** Captions must be longer than min and shorter than max characters. Instagram: we take 1000 (§5 gives 280 as another reading). */
export const captionLimits = {
  twitter: { min: 10, max: 280 },
  instagram: { min: 10, max: 1000 },
} as const;

export const imageRatios = [
  { label: '1:1', value: 1 },
  { label: '1.91:1', value: 1.91 },
  { label: '4:5', value: 4 / 5 },
] as const;

/** Restricted profiles: custom range at most 30 selected days and at most 367 days back. */
export const restrictedRangeMaxSelectedDays = 30;
export const restrictedRangeMaxDaysBack = 367;

export const unlimited = -1;
export const unlimitedSymbol = '∞';
export const defaultInitials = 'MT';

export const listDefaults = { page: 1, size: 10 } as const;
export const pageListDefaults = listDefaults;
export const sectionListDefaults = { ...listDefaults, sort: '-createdAt' } as const;
export const domainListDefaults = listDefaults;

/** Sample professional plan (§9). */
export const sampleProfessionalPlan = {
  members: 3,
  abTestEmails: 10,
  customContactFields: 4,
  contactTesters: 10,
  contacts: 15000,
  publishedPages: 5,
  marketingEmails: 1000,
  storageBytes: 1073741824,
  senderDomains: 2,
  senders: 5,
  pageTemplates: 5,
  formTemplates: 5,
  emailTemplates: 5,
  events: 5,
  products: 5,
  coupons: 5,
  publishedForms: 10,
  formSubmissions: 40000,
  formUploadBytes: 1073741824,
  automations: 4,
  automationEmails: 10,
  shortUrls: 500,
  socialCampaigns: 6,
} as const;

/** Company categories (industries) a company profile chooses from. */
export const companyCategories = [
  'Agency',
  'Automotive',
  'Banking',
  'Communication',
  'Charity/Non-Profit',
  'Education and Training',
  'Entertainment',
  'Financial Services',
  'Financial Technology',
  'Fast Moving Consumer Goods (FMCG)',
  'E-commerce',
  'Government',
  'Insurance',
  'Legal Services',
  'Media and Publishing',
  'Online Shop',
  'Real-Estate / Property',
  'Religious Org.',
  'Restaurant & Food',
  'Retail',
  'Software Company',
  'Transportation',
  'Travel and Tourism',
  'Manufacture',
  'Other',
] as const;

export const formFieldTypes = [
  { label: 'Short Answer', type: 'inputText' },
  { label: 'Long Answer', type: 'inputTextarea' },
  { label: 'Multiple Choice', type: 'inputMultiple' },
  { label: 'Checkbox', type: 'inputCheckbox' },
  { label: 'Dropdown', type: 'inputDropdown' },
  { label: 'Upload File', type: 'uploadFile' },
  { label: 'Phone Number', type: 'inputPhone' },
] as const;

export type FormFieldType = (typeof formFieldTypes)[number]['type'];

export const editorBlocks: readonly string[] = [
  'Text',
  'Image',
  'Button',
  'Form',
  'Image Text',
  'Product',
  'Social Media',
  'Content',
  'Catalog',
  'Code',
  'Separator',
  'Countdown',
  'Payment',
  'Barcode',
  'Qr Code',
  'Video',
  'Disqus',
  'Navigation',
  'Podcast',
  'Google Map',
  'Inline Images',
  'Text Expand',
  'Testimonial',
  'Carousel',
];

export const pageTypes = [
  { value: 'LANDING', label: 'Landing Page' },
  { value: 'THANK_YOU', label: 'Thank You Page' },
] as const;

export const feedbackScale: readonly string[] = ['Very Satisfied', 'Satisfied', 'Unsatisfied'];

export const reportTypes: readonly string[] = [
  'clicked',
  'opened',
  'notopen',
  'delivered',
  'bounceback',
  'unsubscribed',
  'reportspam',
];
