import type { BlockType } from '@app/contract/editor/design-constants';
import type { BlockConverter } from '../block-context.ts';
import { buttonBlock, downloadBlock } from './button-blocks.ts';
import { calendarBlock } from './calendar-block.ts';
import { catalogBlock, imageTextBlock, imageTextButtonBlock } from './column-blocks.ts';
import { barcodeBlock, chartBlock, countdownBlock, qrcodeBlock, voucherBlock } from './generated-blocks.ts';
import { headerBlock, separatorBlock, socialBlock, tableBlock } from './layout-blocks.ts';
import { imageBlock, videoBlock } from './media-blocks.ts';
import {
  carouselBlock,
  codeBlock,
  disqusBlock,
  formBlock,
  googleMapBlock,
  inlineImagesBlock,
  navigationBlock,
  paymentBlock,
  podcastBlock,
  productBlock,
  testimonialBlock,
  textExpandBlock,
} from './page-blocks.ts';
import { rowBlock } from './row-block.ts';
import { contentBlock, htmlBlock, textBlock } from './text-blocks.ts';

/** Each block type's converter to MJML. */
export const converters: { [T in BlockType]: BlockConverter<T> } = {
  text: textBlock,
  content: contentBlock,
  image: imageBlock,
  button: buttonBlock,
  download: downloadBlock,
  social: socialBlock,
  separator: separatorBlock,
  catalog: catalogBlock,
  imageTextButton: imageTextButtonBlock,
  imageText: imageTextBlock,
  html: htmlBlock,
  video: videoBlock,
  table: tableBlock,
  voucher: voucherBlock,
  header: headerBlock,
  chart: chartBlock,
  barcode: barcodeBlock,
  qrcode: qrcodeBlock,
  countdown: countdownBlock,
  calendar: calendarBlock,
  row: rowBlock,
  form: formBlock,
  textExpand: textExpandBlock,
  testimonial: testimonialBlock,
  navigation: navigationBlock,
  product: productBlock,
  googleMap: googleMapBlock,
  payment: paymentBlock,
  code: codeBlock,
  disqus: disqusBlock,
  podcast: podcastBlock,
  inlineImages: inlineImagesBlock,
  carousel: carouselBlock,
};
