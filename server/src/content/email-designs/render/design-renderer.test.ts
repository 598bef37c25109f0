import { readFileSync } from 'node:fs';
import { type EmailDesign, emailDesign } from '@app/contract/editor/design';
import { blockTypes, isPageOnlyBlockType } from '@app/contract/editor/design-constants';
import { Parser } from 'htmlparser2';
import mjml2html from 'mjml';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDesignRenderPool, createDesignRenderer } from './design-renderer.ts';

const fixturePath = new URL('../../../../../tests/fixtures/editor/all-blocks.design.json', import.meta.url);
const fixture = (): EmailDesign => emailDesign.parse(JSON.parse(readFileSync(fixturePath, 'utf8')));
const render = createDesignRenderer({ publicUrl: 'https://mail.example.test', secret: 'design-test-secret' });

afterAll(() => closeDesignRenderPool());

/** Elements and attributes of the HTML that could run code in a browser. */
function activeMarkup(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (['script', 'iframe', 'object', 'embed'].includes(name)) found.push(name);
      for (const [key, value] of Object.entries(attributes)) {
        if (key.startsWith('on') || /^\s*javascript:/i.test(value)) found.push(`${name} ${key}`);
      }
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

describe('the all-blocks design', () => {
  it('is a valid design using every block type mail can hold', () => {
    const design = fixture();
    expect(new Set(design.blocks.map((block) => block.type))).toEqual(
      new Set(blockTypes.filter((type) => !isPageOnlyBlockType(type))),
    );
  });

  it('renders to MJML that passes strict validation, with table-based HTML for Outlook', async () => {
    const started = performance.now();
    const rendered = await render('company', fixture());
    console.info(
      `all-blocks render (thread start, MJML, text): ${Math.round(performance.now() - started)} ms`,
    );
    expect(rendered.findings).toEqual([]);
    await expect(mjml2html(rendered.mjml, { validationLevel: 'strict' })).resolves.toBeDefined();
    expect(rendered.html).toContain('<!--[if mso | IE]>');
    expect(rendered.html).toContain('<meta name="color-scheme" content="light dark"');
    expect(rendered.html).toContain('<title>The winter sale is on, {{first_name}}</title>');
    const again = performance.now();
    await render('company', fixture());
    console.info(`all-blocks render, warm thread: ${Math.round(performance.now() - again)} ms`);
  });

  it("carries every block's content, links and engine images into the HTML", async () => {
    const { html, assets } = await render('company', fixture());
    for (const expected of [
      'Northwind Outfitters',
      'https://northwind.example.com/journal',
      '<strong>winter sale</strong>',
      'Built for the trail',
      'https://cdn.example.com/campaigns/winter/hero.jpg',
      'Shop the sale',
      'winter-lookbook.pdf, 2.5 Mb',
      '/generator/v1/social/instagram.png?d=',
      'border-top:dashed 1px #d1d5db',
      'Merino socks',
      'How repairs work',
      'Visit our new <b>Berlin store</b>',
      'Members get <u>free shipping</u>',
      'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      '<th style="border:1px solid #d1d5db',
      'WINTER-10',
      'https://calendar.google.com/calendar/render?action=TEMPLATE',
      'Two columns for you, {{first_name}}: <em>the boots of the season</em>.',
      'See the boots',
      'mj-column-per-33',
      'mj-column-per-67',
    ]) {
      expect(html).toContain(expected);
    }
    for (const id of ['chart-1', 'barcode-1', 'qrcode-1', 'countdown-1', 'voucher-1', 'row-1-qr']) {
      const image = assets[id]?.image ?? '';
      expect(image).toMatch(
        /^https:\/\/mail\.example\.test\/generator\/v1\/(chart|barcode|qrcode|countdown)\.png\?d=/,
      );
      expect(html).toContain(image.replace(/&/g, '&amp;'));
    }
    expect(assets['calendar-1']?.href).toMatch(
      /^https:\/\/mail\.example\.test\/generator\/v1\/calendar\.ics\?d=/,
    );
  });

  it('makes a text part with the texts and links, merge tags kept, the preheader once', async () => {
    const { html, text } = await render('company', fixture());
    expect(text).toContain('Hi {{first_name}},');
    expect(text).toContain('See the\nsale [https://northwind.example.com/sale?utm_source=email]');
    expect(text).toContain('Your account [{{account_url}}]');
    expect(text).toContain('Shop the sale [https://northwind.example.com/sale?c={{campaign_id}}]');
    expect(text).toContain('A hiker on a snowy ridge at sunrise');
    expect(text).toContain('Apple / Outlook (.ics)');
    expect(text).not.toContain('Up to 40% off jackets');
    expect(html).toContain('Up to 40% off jackets');
    expect(html).toContain('href="{{account_url}}"');
  });
});

describe('hostile content', () => {
  it('is escaped or removed, never run', async () => {
    const design = fixture();
    const hostile = '<script>alert(1)</script>"><img src=x onerror=alert(2)>]]> & {{name}}';
    design.message.subject = hostile;
    design.blocks = [
      {
        ...design.blocks[1],
        id: 't',
        type: 'text',
        props: {
          ...(design.blocks[1]?.props as object),
          html: `<p>${hostile}</p><a href="javascript:alert(3)">x</a><p onclick="alert(4)">ok</p>`,
        },
      },
      {
        id: 'h',
        type: 'html',
        style: design.blocks[0]!.style,
        props: {
          html: `<div onmouseover="alert(5)"><iframe src="https://evil.example"></iframe><a href="javascript:alert(6)">y</a>${hostile}</div>`,
        },
      },
      {
        id: 'tb',
        type: 'table',
        style: design.blocks[0]!.style,
        props: {
          rows: [[hostile]],
          headerRow: false,
          borderColor: '#000000',
          headerBackground: '#ffffff',
          color: '#000000',
          fontSize: 14,
          lineHeight: 1.4,
        },
      },
      {
        id: 'b',
        type: 'button',
        style: design.blocks[0]!.style,
        props: {
          label: hostile,
          href: 'https://x.example/?a="b"',
          color: '#000000',
          textColor: '#ffffff',
          radius: 0,
          fullWidth: false,
        },
      },
    ] as EmailDesign['blocks'];
    const rendered = await render('company', design);
    expect(rendered.findings).toEqual([]);
    const body = rendered.html;
    expect(activeMarkup(body)).toEqual([]);
    // A relative address is no address in mail: the Html block keeps only allowed schemes.
    expect(body).toContain('<img />]]&gt;');
    expect(body).toContain('aria-label="&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).toContain('{{name}}');
    expect(rendered.text).toContain('<script>alert(1)</script>');
  });
});
