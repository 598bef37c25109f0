import type { BlockAssets } from '@app/contract/editor/embed-api';
import { Placeholder } from './Placeholder.tsx';

/** The engine's image of a generated block (barcode, QR, chart, countdown, voucher), or a placeholder until it arrives. */
export function GeneratedImage({
  assets,
  what,
  alt,
  width,
  height = 120,
}: {
  assets: BlockAssets | undefined;
  /** What the image is, e.g. "QR code": the placeholder says "QR code preview appears in a moment". */
  what: string;
  alt: string;
  width?: number | string;
  height?: number;
}) {
  if (assets?.image) {
    return (
      <img
        src={assets.image}
        alt={alt}
        style={{ display: 'inline-block', inlineSize: width, maxInlineSize: '100%' }}
      />
    );
  }
  return (
    <Placeholder
      label={`${what} preview appears in a moment`}
      height={height}
      style={{ inlineSize: width ?? '100%' }}
    />
  );
}
