import { captionLimits, imageRatios } from './constants.ts';

export type CaptionPlatform = keyof typeof captionLimits;

/**
 * §5 captions: Twitter more than 10 and less than 280 characters, Instagram more than 10 and less
 * than 1000 (counted in code points, so an emoji is one character).
 */
export function captionValid(platform: CaptionPlatform, caption: string): boolean {
  const { min, max } = captionLimits[platform];
  const length = Array.from(caption).length;
  return length > min && length < max;
}

/** §5: a social post needs at least a caption or an image. */
export function hasCaptionOrImage(caption: string | null | undefined, imageCount: number): boolean {
  return (caption ?? '').trim() !== '' || imageCount > 0;
}

/** §5 image ratio 1:1, 1.91:1 or 4:5 (width:height), within a 1% tolerance. */
export function isAllowedImageRatio(width: number, height: number, tolerance = 0.01): boolean {
  if (!(width > 0 && height > 0)) return false;
  const ratio = width / height;
  return imageRatios.some((allowed) => Math.abs(ratio - allowed.value) / allowed.value <= tolerance);
}
