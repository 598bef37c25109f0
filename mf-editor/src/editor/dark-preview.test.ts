import { describe, expect, it } from 'vitest';
import { darkPreviewStyle, previewDocument } from './dark-preview.ts';

describe('dark preview', () => {
  it('leaves the mail alone in light mode', () => {
    expect(previewDocument('<html><head></head><body>Hi</body></html>', false)).toBe(
      '<html><head></head><body>Hi</body></html>',
    );
  });

  it('adds the dark emulation at the end of the head, or in front without one', () => {
    expect(previewDocument('<html><head><title>x</title></HEAD><body></body></html>', true)).toBe(
      `<html><head><title>x</title>${darkPreviewStyle}</HEAD><body></body></html>`,
    );
    expect(previewDocument('<p>Hi</p>', true)).toBe(`${darkPreviewStyle}<p>Hi</p>`);
  });
});
