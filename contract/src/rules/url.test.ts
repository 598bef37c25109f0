import { describe, expect, it } from 'vitest';
import { normalizeUrl, youtubeEmbedUrl } from './url.ts';

describe('normalizeUrl', () => {
  it.each([
    ['http://example.com', 'http://example.com'],
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['ftp://files.example.com', 'ftp://files.example.com'],
    ['HTTPS://Example.com', 'HTTPS://Example.com'],
    ['example.com', 'https://example.com'],
    ['  www.example.com/path  ', 'https://www.example.com/path'],
    ['//cdn.example.com/x.js', 'https://cdn.example.com/x.js'],
    ['localhost:8080/app', 'https://localhost:8080/app'],
  ])('%s → %s', (input, output) => {
    expect(normalizeUrl(input)).toBe(output);
  });
  it.each([
    '',
    '   ',
    'javascript:alert(1)',
    'mailto:a@b.co',
    'data:text/html,x',
    'file:///etc/passwd',
    'ws://x.io',
  ])('rejects %j', (input) => {
    expect(normalizeUrl(input)).toBeNull();
  });
});

describe('youtubeEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=10s', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ?si=abc', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
  ])('%s converts', (input, output) => {
    expect(youtubeEmbedUrl(input)).toBe(output);
  });
  it.each([
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/watch',
    'https://vimeo.com/12345',
    'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/',
    'nonsense',
    '',
  ])('%j returns null', (input) => {
    expect(youtubeEmbedUrl(input)).toBeNull();
  });
});
