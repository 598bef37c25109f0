import type { BlockType } from '@app/contract/editor/design-constants';
import { barcodeBlock } from './barcode/BarcodeBlock.tsx';
import type { BlockDefinition } from './block-definition.ts';
import { buttonBlock } from './button/ButtonBlock.tsx';
import { calendarBlock } from './calendar/CalendarBlock.tsx';
import { carouselBlock } from './carousel/CarouselBlock.tsx';
import { catalogBlock } from './catalog/CatalogBlock.tsx';
import { chartBlock } from './chart/ChartBlock.tsx';
import { codeBlock } from './code/CodeBlock.tsx';
import { contentBlock } from './content/ContentBlock.tsx';
import { countdownBlock } from './countdown/CountdownBlock.tsx';
import { disqusBlock } from './disqus/DisqusBlock.tsx';
import { downloadBlock } from './download/DownloadBlock.tsx';
import { formBlock } from './form/FormBlock.tsx';
import { googleMapBlock } from './google-map/GoogleMapBlock.tsx';
import { headerBlock } from './header/HeaderBlock.tsx';
import { htmlBlock } from './html/HtmlBlock.tsx';
import { imageBlock } from './image/ImageBlock.tsx';
import { imageTextBlock } from './image-text/ImageTextBlock.tsx';
import { imageTextButtonBlock } from './image-text-button/ImageTextButtonBlock.tsx';
import { inlineImagesBlock } from './inline-images/InlineImagesBlock.tsx';
import { navigationBlock } from './navigation/NavigationBlock.tsx';
import { paymentBlock } from './payment/PaymentBlock.tsx';
import { podcastBlock } from './podcast/PodcastBlock.tsx';
import { productBlock } from './product/ProductBlock.tsx';
import { qrcodeBlock } from './qrcode/QrcodeBlock.tsx';
import { rowBlock } from './row/RowBlock.tsx';
import { separatorBlock } from './separator/SeparatorBlock.tsx';
import { socialBlock } from './social/SocialBlock.tsx';
import { tableBlock } from './table/TableBlock.tsx';
import { testimonialBlock } from './testimonial/TestimonialBlock.tsx';
import { textBlock } from './text/TextBlock.tsx';
import { textExpandBlock } from './text-expand/TextExpandBlock.tsx';
import { videoBlock } from './video/VideoBlock.tsx';
import { voucherBlock } from './voucher/VoucherBlock.tsx';

/** Every block type's definition, by type. */
export const blockDefinitions: { [T in BlockType]: BlockDefinition<T> } = {
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

/** The definition of `type`. */
export function definitionOf<T extends BlockType>(type: T): BlockDefinition<T> {
  return blockDefinitions[type] as BlockDefinition<T>;
}
