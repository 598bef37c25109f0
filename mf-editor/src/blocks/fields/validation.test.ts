import { describe, expect, it } from 'vitest';
import {
  barcodeValueError,
  imageUrlError,
  instantError,
  linkError,
  mergeTagName,
  youtubeId,
} from './validation.ts';

describe('link fields', () => {
  it('accept what the server accepts: web, mail, phone, merge tags and empty', () => {
    for (const link of ['', 'https://shop.example/a', 'http://x.io', 'mailto:a@b.c', 'tel:+331', '{{url}}']) {
      expect(linkError(link)).toBeUndefined();
    }
  });
  it('explain what a refused link must start with', () => {
    expect(linkError('javascript:alert(1)')).toMatch(/must start with http/i);
    expect(linkError('www.example.com')).toMatch(/mailto:, tel: or \{\{/);
    expect(linkError(`https://a.io/${'x'.repeat(2048)}`)).toMatch(/at most 2048/);
  });
});

describe('image address fields', () => {
  it('take only http(s) or empty', () => {
    expect(imageUrlError('')).toBeUndefined();
    expect(imageUrlError('https://cdn.example/a.png')).toBeUndefined();
    expect(imageUrlError('data:image/png;base64,AAA')).toMatch(/http:\/\/ or https:\/\//);
    expect(imageUrlError('{{logo}}')).toBeDefined();
  });
});

describe('other helpers', () => {
  it('read merge tag names, with or without braces', () => {
    expect(mergeTagName('{{ first_name }}')).toBe('first_name');
    expect(mergeTagName('order.total')).toBe('order.total');
    expect(mergeTagName('two words')).toBeUndefined();
  });
  it('check instants', () => {
    expect(instantError('2026-12-01T10:00:00.000Z')).toBeUndefined();
    expect(instantError('next tuesday')).toBeDefined();
  });
  it('find the video of YouTube watch and short links only', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://vimeo.com/123')).toBeUndefined();
    expect(youtubeId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBeUndefined();
    expect(youtubeId('not a url')).toBeUndefined();
  });
});

describe('barcode values', () => {
  it('follow each format', () => {
    expect(barcodeValueError('ean13', '400638133393')).toBeUndefined();
    expect(barcodeValueError('ean13', '4006-3813')).toBe('Use 12 or 13 digits');
    expect(barcodeValueError('code39', 'abc')).toMatch(/capital letters/);
    expect(barcodeValueError('code128', 'Order #123')).toBeUndefined();
    expect(barcodeValueError('upca', '{{sku}}')).toBeUndefined();
  });
});
