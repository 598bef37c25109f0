import { Placeholder } from './Placeholder.tsx';

/** An image at `width`% of its column, or a placeholder while it has no address. */
export function CanvasImage({
  src,
  alt,
  width = 100,
  placeholder = 'Choose an image',
  height,
}: {
  src: string;
  alt: string;
  width?: number;
  placeholder?: string;
  height?: number;
}) {
  if (!src) return <Placeholder label={placeholder} height={height} style={{ inlineSize: `${width}%` }} />;
  return (
    <img
      src={src}
      alt={alt}
      style={{ display: 'inline-block', verticalAlign: 'top', inlineSize: `${width}%`, blockSize: 'auto' }}
    />
  );
}
