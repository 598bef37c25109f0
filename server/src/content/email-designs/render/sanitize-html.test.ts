import { describe, expect, it } from 'vitest';
import { sanitizeHtmlBlock, sanitizeRichText } from './sanitize-html.ts';

describe('Html block', () => {
  it.each([
    ['a tab inside the scheme', '<a href="java&#9;script:alert(1)">x</a>'],
    ['a newline inside the scheme', '<a href="java&#10;script:alert(1)">x</a>'],
    ['a leading control character', '<a href="&#1;javascript:alert(1)">x</a>'],
    ['a named entity', '<a href="javascript&colon;alert(1)">x</a>'],
    ['vbscript', '<a href="vbscript:msgbox(1)">x</a>'],
    ['data', '<img src="data:text/html;base64,PHNjcmlwdD4=">'],
    ['an unknown scheme', '<a href="ms-settings:privacy">x</a>'],
  ])('removes an address with %s', (_, html) => {
    const clean = sanitizeHtmlBlock(html);
    expect(clean).not.toMatch(/href=|src=/);
  });

  it('keeps web, mail, phone, cid, anchor and merge-tag addresses', () => {
    const html =
      '<a href="https://a.example/x?y=1&amp;z=2">a</a><a href="http://b.example">b</a><a href="mailto:c@example.com">c</a><a href="tel:+331">d</a><img src="cid:logo"><a href="#top">e</a><a href="{{offer_url}}">f</a>';
    expect(sanitizeHtmlBlock(html)).toBe(
      '<a href="https://a.example/x?y=1&amp;z=2">a</a><a href="http://b.example">b</a><a href="mailto:c@example.com">c</a><a href="tel:+331">d</a><img src="cid:logo" /><a href="#top">e</a><a href="{{offer_url}}">f</a>',
    );
  });

  it('drops svg and math with what they hold, animate and set included', () => {
    const clean = sanitizeHtmlBlock(
      '<p>before</p><svg><a><animate attributeName="href" values="javascript:alert(1)"></animate><text>t</text></a></svg><math><mi>x</mi></math><set attributeName="href" to="javascript:alert(2)"></set><foreignObject><p>f</p></foreignObject><p>after</p>',
    );
    expect(clean).toBe('<p>before</p><p>after</p>');
  });

  it('drops MJML elements, which would otherwise be read by MJML', () => {
    expect(
      sanitizeHtmlBlock('<p>a</p><mj-raw><p>b</p></mj-raw><mj-include path="/etc/passwd" /><p>c</p>'),
    ).toBe('<p>a</p><p>c</p>');
  });

  it('keeps CSS as written and never lets it close its style element', () => {
    expect(sanitizeHtmlBlock('<style>a > b { color: red } p::after { content: "&" }</style><p>x</p>')).toBe(
      '<style>a > b { color: red } p::after { content: "&" }</style><p>x</p>',
    );
    const clean = sanitizeHtmlBlock('<style>p {} </STYLE ><img src=x onerror=alert(1)></style>');
    expect(clean).not.toMatch(/onerror/);
    expect(sanitizeHtmlBlock('<style>a{}</</stylestyle x></style>')).not.toMatch(
      /<\/style[^>]*>.*<\/style>/i,
    );
  });

  it('still drops scripts, handlers and javascript: addresses', () => {
    expect(
      sanitizeHtmlBlock(
        '<div onmouseover="alert(1)" class="box"><script>alert(2)</script><iframe src="https://evil.example"></iframe><a href=" javascript:alert(3)">y</a></div>',
      ),
    ).toBe('<div class="box"><a>y</a></div>');
  });
});

describe('rich text links', () => {
  it('drop addresses browsers would run once their control characters are ignored', () => {
    expect(
      sanitizeRichText('<a href="java&#9;script:alert(1)">x</a><a href="&#1;javascript:alert(2)">y</a>'),
    ).toBe('<a>x</a><a>y</a>');
  });
});
