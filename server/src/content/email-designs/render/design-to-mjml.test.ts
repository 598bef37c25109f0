import type { BlockStyle, DesignBlock, EmailDesign } from '@app/contract/editor/design';
import mjml2html from 'mjml';
import { describe, expect, it } from 'vitest';
import { createGeneratorUrls } from '../../generators/generator-urls.ts';
import { googleCalendarLink } from './blocks/calendar-block.ts';
import { youTubeId } from './blocks/youtube.ts';
import { designToMjml } from './design-to-mjml.ts';
import { sanitizeRichText } from './sanitize-html.ts';

const urls = createGeneratorUrls({ publicUrl: 'https://mail.example.test/', secret: 'unit-secret' });
const style: BlockStyle = {
  paddingY: 10,
  paddingX: 20,
  background: 'transparent',
  align: 'center',
  hideOnMobile: false,
};
const design = (...blocks: DesignBlock[]): EmailDesign => ({
  version: 1,
  global: {
    width: 600,
    background: '#eeeeee',
    contentBackground: '#ffffff',
    fontFamily: 'Arial, Helvetica, sans-serif',
    textColor: '#111111',
    linkColor: '#0055cc',
    preheader: 'Preheader here',
  },
  message: { subject: 'Hello', fromEmail: 'a@example.com', fromName: 'A', replyTo: '' },
  blocks,
});
const mjmlOf = (...blocks: DesignBlock[]) => designToMjml(design(...blocks), urls);

describe('video links', () => {
  it('converts only YouTube watch and short links', () => {
    expect(youTubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe('dQw4w9WgXcQ');
    expect(youTubeId('https://youtu.be/dQw4w9WgXcQ?si=abc')).toBe('dQw4w9WgXcQ');
    expect(youTubeId('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeId('https://vimeo.com/123456')).toBeUndefined();
    expect(youTubeId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBeUndefined();
    expect(youTubeId('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeUndefined();
  });

  it("uses the given thumbnail for other videos, YouTube's for YouTube", () => {
    const video = (url: string): DesignBlock => ({
      id: 'v',
      type: 'video',
      style,
      props: { url, thumbnail: 'https://cdn.example.com/thumb.jpg', alt: 'Our film' },
    });
    expect(mjmlOf(video('https://vimeo.com/1')).mjml).toContain('src="https://cdn.example.com/thumb.jpg"');
    const youTube = mjmlOf(video('https://youtu.be/dQw4w9WgXcQ'));
    expect(youTube.mjml).toContain('src="https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg"');
    expect(youTube.mjml).toContain('href="https://youtu.be/dQw4w9WgXcQ"');
    expect(youTube.mjml).toContain('&#9654; Our film');
  });
});

describe('blocks', () => {
  it('writes a table with a header row and escaped cells', () => {
    const { mjml } = mjmlOf({
      id: 't',
      type: 'table',
      style,
      props: {
        rows: [
          ['Name', 'Price'],
          ['Tea & <cake>', '{{price}}'],
        ],
        headerRow: true,
        borderColor: '#cccccc',
        headerBackground: '#f0f0f0',
        color: '#222222',
        fontSize: 14,
        lineHeight: 1.4,
      },
    });
    expect(mjml).toMatch(/<tr><th style="[^"]*background:#f0f0f0;">Name<\/th>/);
    expect(mjml).toContain(
      '<td style="border:1px solid #cccccc;padding:6px 8px;text-align:center;">Tea &amp; &lt;cake&gt;</td>',
    );
    expect(mjml).toContain('>{{price}}</td>');
  });

  it('links social icons drawn by the engine', () => {
    const { mjml } = mjmlOf({
      id: 's',
      type: 'social',
      style,
      props: { links: [{ network: 'linkedin', href: 'https://linkedin.com/company/x' }], iconSize: 24 },
    });
    expect(mjml).toContain('icon-size="24px"');
    expect(mjml).toMatch(
      /<mj-social-element src="https:\/\/mail\.example\.test\/generator\/v1\/social\/linkedin\.png\?d=[^"]+" href="https:\/\/linkedin\.com\/company\/x" alt="LinkedIn"/,
    );
  });

  it('adds Google Calendar and .ics links for an event', () => {
    const link = googleCalendarLink({
      title: 'Launch & party',
      description: 'Bring friends',
      location: 'Berlin',
      start: new Date('2026-12-10T18:00:00Z'),
      end: new Date('2026-12-10T21:00:00Z'),
    });
    const query = new URL(link).searchParams;
    expect(link.startsWith('https://calendar.google.com/calendar/render?action=TEMPLATE&')).toBe(true);
    expect(query.get('text')).toBe('Launch & party');
    expect(query.get('dates')).toBe('20261210T180000Z/20261210T210000Z');
    expect(query.get('location')).toBe('Berlin');
    const calendar = (start: string): DesignBlock => ({
      id: 'c',
      type: 'calendar',
      style,
      props: {
        title: 'Launch',
        description: '',
        location: '',
        start,
        end: start,
        label: '',
        color: '#000000',
        textColor: '#ffffff',
      },
    });
    const rendered = mjmlOf(calendar('2026-12-10T18:00:00Z'));
    expect(rendered.mjml).toContain('Apple / Outlook (.ics)');
    expect(rendered.assets.c?.href).toMatch(/\/generator\/v1\/calendar\.ics\?d=/);
    const broken = mjmlOf(calendar('next tuesday'));
    expect(broken.findings).toEqual([
      {
        line: 0,
        tag: 'mj-button',
        message: 'Block c: Add to Calendar needs a valid start and end date and time.',
      },
    ]);
  });

  it('shows the file name and its size in 1024 steps on a download button', () => {
    const { mjml } = mjmlOf({
      id: 'd',
      type: 'download',
      style,
      props: {
        label: 'Get it',
        href: '',
        color: '#000000',
        textColor: '#ffffff',
        radius: 4,
        fullWidth: true,
        fileUrl: 'https://cdn.example.com/a.zip',
        fileName: 'a.zip',
        fileSize: 1536,
      },
    });
    expect(mjml).toContain('href="https://cdn.example.com/a.zip"');
    expect(mjml).toContain('width="100%"');
    expect(mjml).toContain('>Get it (a.zip, 1.5 Kb)</mj-button>');
  });

  it('refuses a barcode its format cannot draw, with a finding instead of a broken image', () => {
    const rendered = mjmlOf({
      id: 'b',
      type: 'barcode',
      style,
      props: { value: 'ABC', format: 'ean13', showText: true, width: 50 },
    });
    expect(rendered.findings[0]?.message).toBe('Block b: The ean13 barcode "ABC" takes 12 or 13 digits.');
    expect(rendered.mjml).not.toContain('barcode.png');
    expect(rendered.assets.b).toBeUndefined();
  });

  it('refuses texts too long for a generated image address', () => {
    const rendered = mjmlOf({
      id: 'cd',
      type: 'countdown',
      style,
      props: {
        until: '2030-01-01T00:00:00Z',
        expiredText: '€'.repeat(2000),
        color: '#000000',
        textColor: '#ffffff',
      },
    });
    expect(rendered.findings[0]?.message).toBe(
      'Block cd: Its texts are too long for an image the engine draws: shorten them.',
    );
    expect(rendered.mjml).not.toContain('countdown.png');
  });

  it('writes an image on the right right to left, so phones show it first', () => {
    const { mjml } = mjmlOf({
      id: 'i',
      type: 'imageText',
      style,
      props: {
        image: 'https://cdn.example.com/i.jpg',
        alt: 'I',
        html: '<p>Words</p>',
        imagePosition: 'right',
        color: '#000000',
        fontSize: 14,
        lineHeight: 1.5,
      },
    });
    expect(mjml).toMatch(
      /<mj-section [^>]*direction="rtl"><mj-column [^>]*><mj-image src="https:\/\/cdn\.example\.com\/i\.jpg"/,
    );
  });

  it('hides a block on phones with a class and a media query', () => {
    const { mjml } = mjmlOf({
      id: 'x',
      type: 'text',
      style: { ...style, hideOnMobile: true },
      props: { html: '<p>Desktop only</p>', color: '#000000', fontSize: 14, lineHeight: 1.5 },
    });
    expect(mjml).toContain('css-class="hide-on-mobile"');
    expect(mjml).toContain(
      '@media only screen and (max-width: 479px) { .hide-on-mobile { display: none !important;',
    );
    expect(mjml).toContain('<mj-preview>Preheader here</mj-preview>');
    expect(mjml).toContain('a { color: #0055cc; }');
  });
});

describe('global settings', () => {
  it('shows a view-in-browser line above the content only when the flag is on, not click-tracked', () => {
    const on = designToMjml({ ...design(), global: { ...design().global, viewInBrowserLink: true } }, urls);
    expect(on.mjml).toMatch(
      /<mj-body[^>]*><mj-section[^>]*><mj-column><mj-text[^>]*><a href="\{\{view_in_browser_url\}\}" data-msys-clicktrack="0">View in browser<\/a>/,
    );
    expect(mjmlOf().mjml).not.toContain('View in browser');
  });
});

describe('rows of columns', () => {
  const column = (width: number, blocks: DesignBlock[]) => ({
    width,
    background: '#f0f0f0',
    padding: 10,
    verticalAlign: 'middle' as const,
    blocks: blocks as Extract<DesignBlock, { type: 'text' | 'image' }>[],
  });
  const nested = (id: string, html: string): DesignBlock => ({
    id,
    type: 'text',
    style: { ...style, paddingY: 6 },
    props: { html, color: '#111111', fontSize: 14, lineHeight: 1.5 },
  });
  const row = (stackOnMobile: boolean): DesignBlock => ({
    id: 'row',
    type: 'row',
    style,
    props: {
      stackOnMobile,
      columns: [
        column(25, [nested('left', '<p>Left {{first_name}}</p>')]),
        column(75, [nested('right', '<p>Right</p>')]),
      ],
    },
  });

  it('writes each column at its width with its blocks, spaced, stacking on phones', () => {
    const { mjml, findings } = mjmlOf(row(true));
    expect(findings).toEqual([]);
    expect(mjml).toMatch(
      /<mj-column width="25%" background-color="#f0f0f0" padding="10px" vertical-align="middle"><mj-spacer height="6px" \/><mj-text[^>]*><p>Left \{\{first_name\}\}<\/p><\/mj-text>/,
    );
    expect(mjml).toContain('<mj-column width="75%"');
    expect(mjml).not.toContain('<mj-group>');
  });

  it('keeps the columns side by side on phones in a group when told to', () => {
    expect(mjmlOf(row(false)).mjml).toMatch(/<mj-group><mj-column width="25%"[\s\S]*<\/mj-group>/);
  });

  it('hides a block of a column on phones in a table body of its own, the rest of the column shown', async () => {
    const hidden = { ...nested('hidden', '<p>Desktop only</p>'), style: { ...style, hideOnMobile: true } };
    const { mjml } = mjmlOf({
      ...row(true),
      props: {
        stackOnMobile: true,
        columns: [column(50, [nested('a', '<p>Always</p>'), hidden]), column(50, [])],
      },
    } as DesignBlock);
    const { html, errors } = await mjml2html(mjml, { validationLevel: 'strict' });
    expect(errors).toEqual([]);
    const body = html.slice(html.indexOf('<body'));
    const hiddenBody = body.slice(body.indexOf('<tbody class="hide-on-mobile">'));
    expect(hiddenBody.slice(0, hiddenBody.indexOf('</tbody>'))).toContain('Desktop only');
    expect(hiddenBody.slice(0, hiddenBody.indexOf('</tbody>'))).not.toContain('Always');
    expect(body.indexOf('Always')).toBeLessThan(body.indexOf('<tbody class="hide-on-mobile">'));
    expect(html).toMatch(
      /@media only screen and \(max-width: ?479px\) \{\s*\.hide-on-mobile \{ display: none !important;/,
    );
  });

  it("sizes an image from its column's width", () => {
    const image: DesignBlock = {
      id: 'img',
      type: 'image',
      style,
      props: { src: 'https://cdn.example.com/a.png', alt: 'A', href: '', width: 100 },
    };
    const { mjml } = mjmlOf({
      ...row(true),
      props: { stackOnMobile: true, columns: [column(50, [image]), column(50, [])] },
    } as DesignBlock);
    // 600px less the row's 2 × 20px padding, half of it, less the column's 2 × 10px.
    expect(mjml).toContain('width="260px"');
  });
});

describe('rich text', () => {
  it('keeps the editor subset and merge tags, drops the rest', () => {
    expect(
      sanitizeRichText(
        '<h1 class="x">Title</h1><p>Hi <span style="color: #ff0000; background: url(x); font-weight: bold">{{name}}</span>, <a href="{{offer_url}}" onclick="x()">offer</a></p><table><tr><td>cell</td></tr></table><img src="x"><style>p{}</style>',
      ),
    ).toBe(
      '<h1>Title</h1><p>Hi <span style="color: #ff0000; font-weight: bold">{{name}}</span>, <a href="{{offer_url}}" target="_blank" rel="noopener">offer</a></p>cell',
    );
  });

  it('closes what the user left open', () => {
    expect(sanitizeRichText('<p><strong>bold <em>both')).toBe('<p><strong>bold <em>both</em></strong></p>');
  });
});
