/// <reference types="mocha" />
import { expect } from '@esm-bundle/chai';
import { sanitizeHtml, sanitizeMailPreview } from './sanitize.ts';

describe('sanitizing a sent message for a console preview', () => {
  const sent = [
    '<p>Hello <a href="https://track.example/f/abc">there</a></p>',
    '<img src="https://track.example/q/aGVsbG8" width="1" height="1" alt="">',
    '<img src="https://cdn.example/logo.png" alt="Logo">',
    '<script>alert(1)</script>',
  ].join('');

  it('drops the open pixels, so looking at the message is not an open', () => {
    const preview = sanitizeMailPreview(sent);
    expect(preview).not.to.contain('/q/aGVsbG8');
    expect(preview).to.contain('https://cdn.example/logo.png');
    expect(preview).to.contain('https://track.example/f/abc');
    expect(preview).not.to.contain('<script');
  });

  it('leaves other sanitized HTML with its images', () => {
    expect(sanitizeHtml(sent)).to.contain('/q/aGVsbG8');
  });
});
