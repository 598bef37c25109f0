// The block email editor's document ("design"): what `<email-editor>` edits, what the embed API
// stores as versioned JSON, and what the server turns into MJML, HTML and text. The editor imports
// only the types (zod stays out of the micro-apps' bundles); the server validates with the schemas.
import { z } from 'zod';
import { allBlocks } from './all-blocks.ts';
import {
  type BlockType,
  barcodeFormats,
  designLimits,
  designSchemaVersion,
  fontFamilies,
  isPageOnlyBlockType,
  popupTriggers,
  socialNetworks,
} from './design-constants.ts';

export * from './all-blocks.ts';
export * from './design-constants.ts';

const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'is a colour like #1a2b3c')
  .or(z.literal('transparent'));
const text = z.string().max(designLimits.text, `is at most ${designLimits.text} characters`);
const richText = z.string().max(designLimits.html, `is at most ${designLimits.html} characters`);
/** A link: http(s), mailto:, tel:, a merge tag like {{url}}, or empty (no link). */
const link = z
  .string()
  .max(designLimits.url)
  .regex(/^$|^(https?:\/\/|mailto:|tel:|\{\{)/i, 'must start with http://, https://, mailto:, tel: or {{');
/** An image address: http(s) only (mail clients load nothing else), or empty. */
const imageUrl = z
  .string()
  .max(designLimits.url)
  .regex(/^$|^https?:\/\//i, 'must start with http:// or https://');
const align = z.enum(['left', 'center', 'right']);
const px = (min: number, max: number) => z.number().int().min(min).max(max);
const list = <T extends z.ZodType>(item: T) =>
  z.array(item).max(designLimits.items, `has at most ${designLimits.items} items`);

/** What every block has: spacing around it, a background, alignment, hiding on phones. */
export const blockStyle = z.object({
  paddingY: px(0, 120),
  paddingX: px(0, 120),
  background: color,
  align,
  hideOnMobile: z.boolean(),
});

const base = <T extends BlockType, P extends z.ZodRawShape>(type: T, props: P) =>
  z.object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'is 1 to 40 letters, digits, "_" or "-"'),
    type: z.literal(type),
    style: blockStyle,
    props: z.object(props),
  });

const textStyle = { color, fontSize: px(8, 72), lineHeight: z.number().min(1).max(3) };
const imageProps = { src: imageUrl, alt: text, href: link, width: px(10, 100) };
const buttonProps = {
  label: text,
  href: link,
  color,
  textColor: color,
  radius: px(0, 40),
  fullWidth: z.boolean(),
};

export const textBlock = base('text', { html: richText, ...textStyle });
export const contentBlock = base('content', { title: text, html: richText, ...textStyle });
export const imageBlock = base('image', imageProps);
export const buttonBlock = base('button', buttonProps);
export const downloadBlock = base('download', {
  ...buttonProps,
  fileUrl: link,
  fileName: text,
  /** Bytes, shown next to the label; 0 when unknown. */
  fileSize: z.number().int().min(0),
});
export const socialBlock = base('social', {
  links: list(z.object({ network: z.enum(socialNetworks), href: link })),
  iconSize: px(16, 64),
});
export const separatorBlock = base('separator', {
  color,
  thickness: px(1, 20),
  lineStyle: z.enum(['solid', 'dashed', 'dotted']),
  width: px(10, 100),
});
export const catalogBlock = base('catalog', {
  columns: px(1, 4),
  items: list(z.object({ image: imageUrl, title: text, price: text, href: link })),
  buttonLabel: text,
  ...textStyle,
});
const imageTextProps = {
  image: imageUrl,
  alt: text,
  html: richText,
  imagePosition: z.enum(['left', 'right']),
  ...textStyle,
};
export const imageTextBlock = base('imageText', imageTextProps);
export const imageTextButtonBlock = base('imageTextButton', {
  ...imageTextProps,
  buttonLabel: text,
  buttonHref: link,
  buttonColor: color,
  buttonTextColor: color,
});
export const htmlBlock = base('html', { html: richText });
export const videoBlock = base('video', {
  /** A YouTube watch or short link (§5); mail cannot play video, so it shows a linked thumbnail. */
  url: link,
  thumbnail: imageUrl,
  alt: text,
});
/** §9's Form block (pages only): the published form `formId` drawn by `<signup-form>`; '' until one is chosen. */
export const formBlock = base('form', { formId: z.string().regex(/^$|^[0-9]{1,18}$/, 'is a form id') });
/** §9 Text Expand (pages only): a title that opens to its text (an FAQ entry). */
export const textExpandBlock = base('textExpand', { title: text, body: text, open: z.boolean(), color });
/** §9 Testimonial (pages only): a customer's words, name, role and photo. */
export const testimonialBlock = base('testimonial', {
  quote: text,
  author: text,
  role: text,
  photo: imageUrl,
  color,
});
/** §9 Navigation (pages only): the site's links in a row. */
export const navigationBlock = base('navigation', {
  links: list(z.object({ label: text, href: link })),
  color,
  fontSize: px(10, 32),
});
/** §9 Product (pages only): a product's picture, name, price, words and a button to buy it. */
export const productBlock = base('product', {
  image: imageUrl,
  name: text,
  price: text,
  description: text,
  buttonLabel: text,
  href: link,
  color,
});
/**
 * §9 Code (pages only): the company's own HTML, CSS and scripts (a booking widget, a survey…), run on
 * the published page in a sandboxed frame of its own, never in the page itself.
 */
export const codeBlock = base('code', { html: richText, title: text, height: px(40, 2000) });
/** §9 Disqus (pages only): the page's comments, by the company's Disqus site (its shortname). */
export const disqusBlock = base('disqus', {
  shortname: z
    .string()
    .regex(/^$|^[a-z0-9][a-z0-9-]{0,63}$/i, 'is a Disqus shortname: letters, digits and -'),
});
/**
 * §9 Payment (pages only): what is paid for, its amount in a currency, and a button to the company's
 * own payment page (a Stripe Payment Link, PayPal…); the money never passes through this product.
 */
export const paymentBlock = base('payment', {
  title: text,
  amount: z.string().regex(/^$|^\d{1,9}([.,]\d{1,2})?$/, 'is an amount like 49 or 49.90'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'is a currency code like EUR or USD'),
  description: text,
  buttonLabel: text,
  /** The payment page: https only (a visitor pays there). */
  href: z
    .string()
    .max(designLimits.url)
    .regex(/^$|^https:\/\//i, 'must start with https://'),
  color,
});
/** §9 Google Map (pages only): Google's map of an address, framed. */
export const googleMapBlock = base('googleMap', {
  address: z.string().max(300, 'is at most 300 characters'),
  zoom: px(1, 20),
  height: px(150, 800),
});
/** §9 Podcast (pages only): an episode's audio file, played in the page. */
export const podcastBlock = base('podcast', {
  audioUrl: imageUrl,
  title: text,
  description: text,
});
/** §9 Inline Images (pages only): pictures side by side, each with its own link. */
export const inlineImagesBlock = base('inlineImages', {
  images: list(z.object({ src: imageUrl, alt: text, href: link })),
  height: px(40, 600),
});
/** §9 Carousel (pages only): pictures a visitor swipes or scrolls through, one at a time. */
export const carouselBlock = base('carousel', {
  slides: list(z.object({ src: imageUrl, alt: text, caption: text })),
  height: px(120, 800),
});
export const tableBlock = base('table', {
  rows: list(list(text)),
  headerRow: z.boolean(),
  borderColor: color,
  headerBackground: color,
  ...textStyle,
});
export const voucherBlock = base('voucher', {
  title: text,
  description: text,
  code: text,
  /** How the code shows: as text only, or also as a QR code or a barcode made by the engine. */
  codeFormat: z.enum(['text', 'qrcode', 'barcode']),
  expires: text,
  color,
  textColor: color,
});
export const headerBlock = base('header', {
  logo: imageUrl,
  logoAlt: text,
  logoHref: link,
  logoWidth: px(20, 600),
  links: list(z.object({ label: text, href: link })),
  ...textStyle,
});
export const chartBlock = base('chart', {
  kind: z.enum(['bar', 'line', 'pie']),
  title: text,
  points: list(z.object({ label: z.string().max(40), value: z.number().finite() })),
  color,
});
export const barcodeBlock = base('barcode', {
  value: z.string().max(80),
  format: z.enum(barcodeFormats),
  showText: z.boolean(),
  width: px(10, 100),
});
export const qrcodeBlock = base('qrcode', {
  value: z.string().max(1_000),
  foreground: color,
  background: color,
  size: px(64, 600),
});
export const countdownBlock = base('countdown', {
  /** ISO 8601 instant the countdown reaches zero. */
  until: z.string().max(40),
  expiredText: text,
  color,
  textColor: color,
});
export const calendarBlock = base('calendar', {
  title: text,
  description: text,
  location: text,
  /** ISO 8601 instants. */
  start: z.string().max(40),
  end: z.string().max(40),
  label: text,
  color,
  textColor: color,
});

/** The blocks a row's column holds (`columnBlockTypes`). */
export const columnBlock = z.discriminatedUnion('type', [
  textBlock,
  contentBlock,
  imageBlock,
  buttonBlock,
  downloadBlock,
  socialBlock,
  separatorBlock,
  htmlBlock,
  videoBlock,
  tableBlock,
  chartBlock,
  barcodeBlock,
  qrcodeBlock,
  countdownBlock,
  calendarBlock,
  formBlock,
  textExpandBlock,
  testimonialBlock,
  navigationBlock,
  productBlock,
  paymentBlock,
  codeBlock,
  disqusBlock,
  googleMapBlock,
  podcastBlock,
  inlineImagesBlock,
  carouselBlock,
]);
export type ColumnBlock = z.infer<typeof columnBlock>;

/** One column of a row: its share of the row's width, its own look, and the blocks stacked in it. */
export const designColumn = z.object({
  /** % of the row's width; the row's columns add up to 100. */
  width: px(10, 100),
  background: color,
  /** Space inside the column around its blocks, in px. */
  padding: px(0, 60),
  verticalAlign: z.enum(['top', 'middle', 'bottom']),
  blocks: z.array(columnBlock).max(designLimits.blocks, `has at most ${designLimits.blocks} blocks`),
});
export type DesignColumn = z.infer<typeof designColumn>;

/**
 * §3's popup row: a page's row shown over the page instead of in it, once per visit, when its trigger
 * fires: the page has opened (after a delay), the visitor has scrolled that far, or the pointer
 * leaves the window towards its top (the visitor is about to leave).
 */
export const rowPopup = z.object({
  trigger: z.enum(popupTriggers),
  /** Seconds after the page has opened, for `load`. */
  delaySeconds: px(0, 120),
  /** How far down the page, in %, for `scroll`. */
  scrollPercent: px(10, 100),
});
export type RowPopup = z.infer<typeof rowPopup>;

/** A row of 1 to 4 columns side by side (§3's selected row, column and sub-column); stacked on phones unless told not to. */
export const rowBlock = base('row', {
  /** Set on a page's popup row; a mail has none. */
  popup: rowPopup.optional(),
  columns: z
    .array(designColumn)
    .min(1, 'has at least 1 column')
    .max(designLimits.columns, `has at most ${designLimits.columns} columns`)
    .refine(
      (columns) => columns.reduce((sum, column) => sum + column.width, 0) === 100,
      'are as wide as the row together: their widths add up to 100%',
    ),
  stackOnMobile: z.boolean(),
});

export const designBlock = z.discriminatedUnion('type', [
  ...columnBlock.options,
  catalogBlock,
  imageTextButtonBlock,
  imageTextBlock,
  voucherBlock,
  headerBlock,
  rowBlock,
]);
export type DesignBlock = z.infer<typeof designBlock>;
export type BlockOf<T extends BlockType> = Extract<DesignBlock, { type: T }>;
export type BlockStyle = z.infer<typeof blockStyle>;

/** "Global Setting": the whole message's look, and what the mail itself says (subject, sender). */
export const designGlobal = z.object({
  /** The content column's width in px (mail clients show 600 best). */
  width: px(320, 900),
  background: color,
  contentBackground: color,
  fontFamily: z.enum(fontFamilies),
  textColor: color,
  linkColor: color,
  /** The line mail clients show after the subject; hidden in the message. */
  preheader: z.string().max(250),
  /**
   * §3's show-view-in-browser-link flag: a "View in browser" line above the content, linking to the
   * reader's own copy ({{view_in_browser_url}}, which a campaign send fills in). Off when absent.
   */
  viewInBrowserLink: z.boolean().optional(),
});

/** The message fields stored on the engine template when the design is saved. */
export const designMessage = z.object({
  subject: z.string().max(998),
  fromEmail: z.string().max(254),
  fromName: z.string().max(256),
  replyTo: z.string().max(254),
});

const designDocument = (kind: 'email' | 'page') =>
  z
    .object({
      version: z.literal(designSchemaVersion),
      global: designGlobal,
      message: designMessage,
      blocks: z.array(designBlock).max(designLimits.blocks, `has at most ${designLimits.blocks} blocks`),
    })
    .superRefine((design, context) => {
      const every = allBlocks(design.blocks);
      if (every.length > designLimits.blocks)
        context.addIssue({
          code: 'custom',
          path: ['blocks'],
          message: `has at most ${designLimits.blocks} blocks, those in columns included`,
        });
      const seen = new Set<string>();
      for (const block of every) {
        if (seen.has(block.id))
          context.addIssue({
            code: 'custom',
            path: ['blocks'],
            message: `has two blocks with the id ${block.id}`,
          });
        seen.add(block.id);
        if (kind === 'email' && isPageOnlyBlockType(block.type))
          context.addIssue({
            code: 'custom',
            path: ['blocks'],
            message: `has a ${block.type} block, which only a page can hold`,
          });
        if (kind === 'email' && block.type === 'row' && block.props.popup)
          context.addIssue({
            code: 'custom',
            path: ['blocks'],
            message: 'has a popup row, which only a page can hold',
          });
      }
    });

/** A mail's design: every block but the page-only ones. */
export const emailDesign = designDocument('email');
/** A landing or thank-you page's design: the same document, page blocks (a form) allowed. */
export const pageDesign = designDocument('page');
export type EmailDesign = z.infer<typeof emailDesign>;
export type DesignGlobal = z.infer<typeof designGlobal>;
export type DesignMessage = z.infer<typeof designMessage>;
