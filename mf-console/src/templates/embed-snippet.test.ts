import { describe, expect, it } from 'vitest';
import { embedSnippet } from './embed-snippet.ts';

describe('embedSnippet', () => {
  it('is the element with its token and one module script from the engine', () => {
    expect(embedSnippet('https://mail.example.com', 'emb_abc', 'news')).toBe(
      '<email-editor api-base="https://mail.example.com" token="emb_abc" template-id="news"></email-editor>\n' +
        '<script type="module" src="https://mail.example.com/embed/email-editor.js"></script>',
    );
  });

  it('escapes what would end an attribute', () => {
    expect(embedSnippet('https://x', 'a"b', 'c&d')).toContain('token="a&quot;b" template-id="c&amp;d"');
  });
});
