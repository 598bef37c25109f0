import { z } from 'zod';

/** A company's slug on the sites origin (`/{slug}/{permalink}`): §5 "domain slug must be unique". */
export const siteSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/,
    'A slug has 3 to 40 lower-case letters, digits and hyphens (not first or last)',
  );

/** A domain name the company's pages are served on (no scheme, no path): `www.shop.example`. */
export const pageDomainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Enter a domain name like www.example.com, without http:// or a path',
  );

export const pageDomainBody = z.object({ name: pageDomainName }).strict();
export const siteSlugBody = z.object({ slug: siteSlug }).strict();

/** §3 Domain: domainId, name, validated, buyStatus, category; with the DNS record that proves it is the company's. */
export const pageDomain = z.object({
  domainId: z.string(),
  name: z.string(),
  validated: z.boolean(),
  default: z.boolean(),
  /** Domains are brought, never bought here: always NOT_FOR_SALE in this build. */
  buyStatus: z.literal('NOT_FOR_SALE'),
  category: z.literal('CUSTOM'),
  /** Publish this TXT record, then verify. */
  verification: z.object({ type: z.literal('TXT'), host: z.string(), value: z.string() }),
  /** Point the domain here (a CNAME to this host, or its address). */
  target: z.string(),
  /** Where the domain's pages are, its default page at `/`. */
  url: z.string(),
  /**
   * HTTPS (§4 generate SSL): the domain's certificate from the ACME server, `available` when this server
   * is set up to ask for one (otherwise a proxy in front terminates TLS).
   */
  ssl: z.object({
    status: z.enum(['none', 'active', 'expired']),
    expiresAt: z.string().nullable(),
    available: z.boolean(),
  }),
  createdAt: z.string(),
});

export const pageDomainList = z.object({
  slug: z.string(),
  /** The company's site on the sites origin. */
  siteUrl: z.string(),
  /** Whether this server asks a certificate authority for the domains' HTTPS certificates (ACME). */
  certificates: z.boolean(),
  items: z.array(pageDomain),
});

export type PageDomain = z.infer<typeof pageDomain>;
export type PageDomainList = z.infer<typeof pageDomainList>;

/**
 * §3 the team's analytics and pixels, loaded on its hosted pages only (never the console): Meta Pixel,
 * X (Twitter), Google Analytics 4, Google Tag Manager, LinkedIn Insight, TikTok, Snapchat; and its chat
 * buttons (Telegram, Messenger, WhatsApp: plain links, nothing loaded). Null: not used.
 */
export const pageIntegrations = z
  .object({
    fbPixel: z
      .string()
      .trim()
      .regex(/^\d{5,20}$/, 'A Meta Pixel ID is 5 to 20 digits')
      .nullable()
      .default(null),
    ga: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^G-[A-Z0-9]{4,16}$/, 'A Google Analytics 4 measurement ID looks like G-XXXXXXX')
      .nullable()
      .default(null),
    gtm: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, 'A Google Tag Manager container ID looks like GTM-XXXXXX')
      .nullable()
      .default(null),
    linkedin: z
      .string()
      .trim()
      .regex(/^\d{3,12}$/, 'A LinkedIn partner ID is 3 to 12 digits')
      .nullable()
      .default(null),
    twPixel: z
      .string()
      .trim()
      .regex(/^[a-z0-9]{4,12}$/i, 'An X (Twitter) pixel ID is 4 to 12 letters and digits')
      .nullable()
      .default(null),
    tiktok: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{15,25}$/, 'A TikTok pixel ID is 15 to 25 letters and digits')
      .nullable()
      .default(null),
    snapchat: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        'A Snap Pixel ID looks like 1a2b3c4d-1a2b-1a2b-1a2b-1a2b3c4d5e6f',
      )
      .nullable()
      .default(null),
    telegram: z
      .string()
      .trim()
      .regex(
        /^[A-Za-z][A-Za-z0-9_]{4,31}$/,
        'A Telegram username is 5 to 32 letters, digits or _, without the @',
      )
      .nullable()
      .default(null),
    facebookMessenger: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9.]{5,50}$/, "A Facebook page's username is 5 to 50 letters, digits or dots")
      .nullable()
      .default(null),
    whatsappChat: z
      .string()
      .trim()
      .regex(/^\+?[1-9]\d{6,14}$/, 'A WhatsApp number is written in international form, like +6281234567890')
      .nullable()
      .default(null),
    /** The Crisp chat box of the company's Crisp website (its cookies are asked for with the pixels'). */
    crispChat: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        'A Crisp website ID looks like 1a2b3c4d-1a2b-1a2b-1a2b-1a2b3c4d5e6f',
      )
      .nullable()
      .default(null),
    /** What the visitor's WhatsApp message starts with. */
    whatsappText: z.string().trim().max(200, 'At most 200 characters').nullable().default(null),
    /** A banner asks each visitor before the pixels load (their cookies need consent in the EU); on unless turned off. */
    askConsent: z.boolean().default(true),
  })
  .strict();
export type PageIntegrations = z.infer<typeof pageIntegrations>;
/**
 * The settings that load a vendor's script, with its cookies (behind the consent banner): the pixels
 * and the Crisp chat box.
 */
export const pixelKeys = [
  'fbPixel',
  'twPixel',
  'ga',
  'gtm',
  'linkedin',
  'tiktok',
  'snapchat',
  'crispChat',
] as const satisfies readonly (keyof PageIntegrations)[];
export type PixelKey = (typeof pixelKeys)[number];
/** The chat buttons among the settings. */
export const chatKeys = [
  'telegram',
  'facebookMessenger',
  'whatsappChat',
] as const satisfies readonly (keyof PageIntegrations)[];
export type ChatKey = (typeof chatKeys)[number];
