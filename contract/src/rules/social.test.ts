import { describe, expect, it } from 'vitest';
import { captionValid, hasCaptionOrImage, isAllowedImageRatio } from './social.ts';

const text = (length: number) => 'a'.repeat(length);

describe('captionValid', () => {
  it('Twitter: more than 10 and less than 280', () => {
    expect(captionValid('twitter', text(10))).toBe(false);
    expect(captionValid('twitter', text(11))).toBe(true);
    expect(captionValid('twitter', text(279))).toBe(true);
    expect(captionValid('twitter', text(280))).toBe(false);
    expect(captionValid('twitter', '')).toBe(false);
  });
  it('Instagram: more than 10 and less than 1000', () => {
    expect(captionValid('instagram', text(10))).toBe(false);
    expect(captionValid('instagram', text(11))).toBe(true);
    expect(captionValid('instagram', text(999))).toBe(true);
    expect(captionValid('instagram', text(1000))).toBe(false);
  });
  it('counts an emoji as one character', () => {
    expect(captionValid('twitter', '😀'.repeat(11))).toBe(true);
  });
});

describe('hasCaptionOrImage', () => {
  it('needs a caption or an image', () => {
    expect(hasCaptionOrImage('hello', 0)).toBe(true);
    expect(hasCaptionOrImage('', 1)).toBe(true);
    expect(hasCaptionOrImage('  ', 0)).toBe(false);
    expect(hasCaptionOrImage(null, 0)).toBe(false);
  });
});

describe('isAllowedImageRatio', () => {
  it.each([
    [1080, 1080],
    [1910, 1000],
    [1200, 628],
    [1080, 1350],
  ])('accepts %ix%i', (width, height) => {
    expect(isAllowedImageRatio(width, height)).toBe(true);
  });
  it.each([
    [1920, 1080],
    [1000, 2000],
    [0, 100],
    [100, 0],
  ])('refuses %ix%i', (width, height) => {
    expect(isAllowedImageRatio(width, height)).toBe(false);
  });
});
