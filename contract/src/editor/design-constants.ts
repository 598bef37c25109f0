// The block email editor's constants, without zod: the editor (and the standalone <email-editor>)
// imports these values; design.ts builds the schemas the server validates with from them.
/** The schema version written into every design; a server reading an older one migrates it. */
export const designSchemaVersion = 1;

/** Limits a user can read (README, the editor's errors): a design is refused beyond them. */
export const designLimits = {
  blocks: 200,
  /** The whole design as JSON, in bytes. */
  bytes: 1_000_000,
  /** One rich-text or Html block's markup, in characters. */
  html: 100_000,
  /** Items of a list inside a block: catalog items, table rows or cells, social links, chart points. */
  items: 50,
  text: 2_000,
  url: 2_048,
  /** Columns of one row block. */
  columns: 4,
} as const;

/** When a page's popup row opens (§3 row type popup), with the words the editor shows for each. */
export const popupTriggers = ['load', 'scroll', 'exit'] as const;
export type PopupTrigger = (typeof popupTriggers)[number];
export const popupTriggerLabels: Record<PopupTrigger, string> = {
  load: 'When the page opens',
  scroll: 'When the visitor scrolls down',
  exit: 'When the visitor is about to leave',
};

/**
 * Blocks only a page can hold (§9's page blocks): a landing page's `<signup-form>`, a question that
 * opens to its answer, a quote of a customer, the site's links, a product, a payment, the company's own code, its comments, a map, an episode to
 * play, a row of images, a carousel. The editor offers them when it edits a page; an email design
 * with one is refused (mail cannot run a form, frame a map, play audio or scroll a carousel).
 */
export const pageOnlyBlockTypes = [
  'form',
  'textExpand',
  'testimonial',
  'navigation',
  'product',
  'payment',
  'code',
  'disqus',
  'googleMap',
  'podcast',
  'inlineImages',
  'carousel',
] as const;

/** The block types of §2's editor settings panels, in the spec's order. */
export const blockTypes = [
  'text',
  'content',
  'image',
  'button',
  'download',
  'social',
  'separator',
  'catalog',
  'imageTextButton',
  'imageText',
  'html',
  'video',
  'table',
  'voucher',
  'header',
  'chart',
  'barcode',
  'qrcode',
  'countdown',
  'calendar',
  'row',
  ...pageOnlyBlockTypes,
] as const;
export type BlockType = (typeof blockTypes)[number];

/**
 * The blocks a row's column can hold (§3's sub-columns): each is one column of content in the mail.
 * Rows themselves and the blocks that are already laid out in columns (catalog, image and text,
 * header) or framed as a whole (voucher) stay at the top level.
 */
export const columnBlockTypes = [
  'text',
  'content',
  'image',
  'button',
  'download',
  'social',
  'separator',
  'html',
  'video',
  'table',
  'chart',
  'barcode',
  'qrcode',
  'countdown',
  'calendar',
  ...pageOnlyBlockTypes,
] as const satisfies readonly BlockType[];
export type ColumnBlockType = (typeof columnBlockTypes)[number];

export function isColumnBlockType(type: BlockType): type is ColumnBlockType {
  return (columnBlockTypes as readonly BlockType[]).includes(type);
}

/** A row's column layouts: the columns' widths in %, by column count (the first is the default). */
export const columnLayouts: Record<number, readonly (readonly number[])[]> = {
  1: [[100]],
  2: [
    [50, 50],
    [33, 67],
    [67, 33],
    [25, 75],
    [75, 25],
  ],
  3: [
    [33, 34, 33],
    [25, 50, 25],
    [50, 25, 25],
    [25, 25, 50],
  ],
  4: [[25, 25, 25, 25]],
};

/**
 * §6 "Editor blocks tied to features": the block types a sub-feature of the plan's templates group
 * turns on (migration 035); the others are always offered.
 */
export const planGatedBlocks = {
  barcode: 'barcodeBlock',
  qrcode: 'qrcodeBlock',
  video: 'videoBlock',
} as const;

/** Each type's name as §2 writes it; its settings panel is titled "<name> Setting". */
export const blockTitles: Record<BlockType, string> = {
  text: 'Text',
  content: 'Content',
  image: 'Image',
  button: 'Button',
  download: 'Download',
  social: 'Social Media',
  separator: 'Separator',
  catalog: 'Catalog',
  imageTextButton: 'Image Text Button',
  imageText: 'Image Text',
  html: 'Html',
  video: 'Video',
  table: 'Table',
  voucher: 'Voucher',
  header: 'Header',
  chart: 'Chart',
  barcode: 'Barcode',
  qrcode: 'Qrcode',
  countdown: 'Countdown',
  calendar: 'Add to Calendar',
  row: 'Columns',
  form: 'Form',
  textExpand: 'Text Expand',
  testimonial: 'Testimonial',
  navigation: 'Navigation',
  product: 'Product',
  payment: 'Payment',
  code: 'Code',
  disqus: 'Disqus',
  googleMap: 'Google Map',
  podcast: 'Podcast',
  inlineImages: 'Inline Images',
  carousel: 'Carousel',
};

/** A form the page editor's Form block can show: the company's forms, handed to the editor by its page. */
export interface PageFormChoice {
  id: string;
  name: string;
  published: boolean;
}

export function isPageOnlyBlockType(type: BlockType): boolean {
  return (pageOnlyBlockTypes as readonly BlockType[]).includes(type);
}

/** Blocks whose images or links the engine makes (the generator routes), so they need the server. */
export const generatedBlockTypes = [
  'barcode',
  'qrcode',
  'chart',
  'countdown',
  'calendar',
  'voucher',
] as const;

export const fontFamilies = [
  'Arial, Helvetica, sans-serif',
  'Helvetica, Arial, sans-serif',
  'Georgia, Times, serif',
  "'Times New Roman', Times, serif",
  'Verdana, Geneva, sans-serif',
  "'Trebuchet MS', Helvetica, sans-serif",
  "'Courier New', Courier, monospace",
] as const;

export const socialNetworks = [
  'facebook',
  'x',
  'instagram',
  'linkedin',
  'youtube',
  'tiktok',
  'whatsapp',
  'pinterest',
] as const;

export const barcodeFormats = ['code128', 'code39', 'ean13', 'upca', 'itf14'] as const;
