import { describe, expect, it } from 'vitest';
import { compileContent } from './render.ts';

const FROM = { email: 'shop@example.com' };

describe('links and their tracking attributes', () => {
  it('keeps data-msys-* attributes of html links for tracking and takes them out of the html', () => {
    const html = [
      '<a href="https://shop.example/deals?m={{member}}" data-msys-linkname="deals banner">Deals</a>',
      '<A HREF="http://shop.example/bye?id={{id}}" data-msys-unsubscribe="1" class="x">Leave</A>',
      '<a href=\'https://shop.example/\' data-msys-clicktrack="0" data-msys-sublink="app">Home</a>',
      '<a href="mailto:help@shop.example">Mail</a>',
    ].join('\n');
    const out = compileContent({ subject: 's', from: FROM, html, text: 'x' }).render({
      member: 'a b',
      id: 7,
    });
    expect(out.html).toBe(
      [
        '<a href="https://shop.example/deals?m=a%20b">Deals</a>',
        '<A HREF="http://shop.example/bye?id=7" class="x">Leave</A>',
        "<a href='https://shop.example/'>Home</a>",
        '<a href="mailto:help@shop.example">Mail</a>',
      ].join('\n'),
    );
    expect(out.links).toEqual([
      {
        part: 'html',
        url: 'https://shop.example/deals?m=a%20b',
        name: 'deals banner',
        clickTrack: true,
        unsubscribe: false,
      },
      { part: 'html', url: 'http://shop.example/bye?id=7', clickTrack: true, unsubscribe: true },
      { part: 'html', url: 'https://shop.example/', clickTrack: false, unsubscribe: false, sublink: 'app' },
    ]);
  });

  it('cuts link names to 63 bytes on a character boundary', () => {
    const name = 'é'.repeat(40);
    const out = compileContent({
      subject: 's',
      from: FROM,
      amp_html: `<a href="https://shop.example/" data-msys-linkname="${name}">x</a>`,
    }).render({});
    expect(out.links?.[0]?.name).toBe('é'.repeat(31));
    expect(out.amp_html).toBe('<a href="https://shop.example/">x</a>');
  });

  it('reads [[…]] after a text link and removes it', () => {
    const text =
      'Shop: https://shop.example/?u={{u}}[[data-msys-clicktrack="0"]] or http://shop.example/stop[[data-msys-unsubscribe="1" data-msys-sublink="s"]].\nPlain https://shop.example/x';
    const out = compileContent({ subject: 's', from: FROM, text }).render({ u: 'ann&bob' });
    expect(out.text).toBe(
      'Shop: https://shop.example/?u=ann%26bob or http://shop.example/stop.\nPlain https://shop.example/x',
    );
    expect(out.links).toEqual([
      { part: 'text', url: 'https://shop.example/?u=ann%26bob', clickTrack: false, unsubscribe: false },
      { part: 'text', url: 'http://shop.example/stop', clickTrack: true, unsubscribe: true, sublink: 's' },
      { part: 'text', url: 'https://shop.example/x', clickTrack: true, unsubscribe: false },
    ]);
  });

  it('leaves the punctuation around a text link out of it', () => {
    const text =
      'Read it (https://shop.example/news?id={{id}}). Or https://shop.example/wiki/Pie_(dish), then https://shop.example/end!';
    const out = compileContent({ subject: 's', from: FROM, text }).render({ id: 'a b' });
    expect(out.text).toBe(
      'Read it (https://shop.example/news?id=a%20b). Or https://shop.example/wiki/Pie_(dish), then https://shop.example/end!',
    );
    expect(out.links?.map((link) => link.url)).toEqual([
      'https://shop.example/news?id=a%20b',
      'https://shop.example/wiki/Pie_(dish)',
      'https://shop.example/end',
    ]);
  });

  it('tracks the links of dynamic content as well', () => {
    const out = compileContent({
      subject: 's',
      from: FROM,
      html: '{{ render_dynamic_content(dynamic_html.offer) }}',
      text: 'x',
    }).render({
      dynamic_html: { offer: '<a href="https://shop.example/o?n={{n}}" data-msys-linkname="offer">o</a>' },
      n: 'Zoë',
    });
    expect(out.html).toBe('<a href="https://shop.example/o?n=Zo%C3%AB">o</a>');
    expect(out.links?.[0]).toMatchObject({ url: 'https://shop.example/o?n=Zo%C3%AB', name: 'offer' });
  });
});
