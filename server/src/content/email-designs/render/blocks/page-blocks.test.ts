import { defaultDesign } from '@app/contract/editor/default-design';
import { type DesignBlock, emailDesign, pageDesign } from '@app/contract/editor/design';
import mjml2html from 'mjml';
import { describe, expect, it } from 'vitest';
import { createGeneratorUrls } from '../../../generators/generator-urls.ts';
import { designToMjml } from '../design-to-mjml.ts';

const urls = createGeneratorUrls({ publicUrl: 'https://mail.example.test/', secret: 'unit-secret' });
const style = {
  paddingY: 8,
  paddingX: 8,
  background: 'transparent',
  align: 'center',
  hideOnMobile: false,
} as const;
const pageBlocks: DesignBlock[] = [
  { id: 'f', type: 'form', style, props: { formId: '12' } },
  {
    id: 'q',
    type: 'textExpand',
    style,
    props: { title: 'Delivery <fast>?', body: 'Two days.\nFree returns.', open: true, color: '#111111' },
  },
  {
    id: 't',
    type: 'testimonial',
    style,
    props: {
      quote: 'Great "bike"',
      author: 'Dana',
      role: 'Rider',
      photo: 'https://cdn.example/d.jpg',
      color: '#222222',
    },
  },
  {
    id: 'n',
    type: 'navigation',
    style,
    props: {
      links: [
        { label: 'Shop', href: 'https://shop.example/' },
        { label: 'Call', href: 'tel:+1555' },
      ],
      color: '#0000ff',
      fontSize: 16,
    },
  },
  {
    id: 'p',
    type: 'product',
    style,
    props: {
      image: 'https://cdn.example/bike.jpg',
      name: 'Trail <bike>',
      price: '€ 899',
      description: 'Light.',
      buttonLabel: 'Buy',
      href: 'https://shop.example/bike',
      color: '#1d4ed8',
    },
  },
  {
    id: 'pay',
    type: 'payment',
    style,
    props: {
      title: 'Workshop <seat>',
      amount: '49,9',
      currency: 'EUR',
      description: '',
      buttonLabel: 'Pay now',
      href: 'https://buy.stripe.com/test_123',
      color: '#1d4ed8',
    },
  },
  {
    id: 'code',
    type: 'code',
    style,
    props: { html: '<script>book()</script>', title: 'Booking "widget"', height: 420 },
  },
  { id: 'talk', type: 'disqus', style, props: { shortname: 'bike-shop' } },
  {
    id: 'm',
    type: 'googleMap',
    style,
    props: { address: 'Main St 1 & Co, Springfield', zoom: 12, height: 300 },
  },
  {
    id: 'a',
    type: 'podcast',
    style,
    props: { audioUrl: 'https://cdn.example/ep1.mp3', title: 'Episode 1', description: '' },
  },
  {
    id: 'i',
    type: 'inlineImages',
    style,
    props: {
      images: [
        { src: 'https://cdn.example/a.jpg', alt: 'A "red" one', href: 'https://shop.example/a' },
        { src: '', alt: 'not chosen yet', href: '' },
      ],
      height: 100,
    },
  },
  {
    id: 'c',
    type: 'carousel',
    style,
    props: {
      slides: [
        { src: 'https://cdn.example/1.jpg', alt: 'One', caption: 'First' },
        { src: 'https://cdn.example/2.jpg', alt: 'Two', caption: '' },
      ],
      height: 300,
    },
  },
];

describe("a page's blocks", () => {
  it('render to strict MJML with their content escaped, in a readable font size', async () => {
    const design = { ...defaultDesign(), blocks: pageBlocks };
    expect(pageDesign.safeParse(design).success).toBe(true);
    // A link the schema would refuse never reaches the page either.
    const hostile = { label: 'Bad', href: 'javascript:alert(1)' };
    const withHostile = pageBlocks.map((block) =>
      block.type === 'navigation'
        ? { ...block, props: { ...block.props, links: [...block.props.links, hostile] } }
        : block,
    );
    const { mjml, findings } = designToMjml({ ...design, blocks: withHostile }, urls);
    expect(findings).toEqual([]);
    const { html } = await mjml2html(mjml, { validationLevel: 'strict' });
    expect(html).toContain('<signup-form form-id="12"></signup-form>');
    expect(html).toContain('<details open');
    expect(html).toContain('Delivery &lt;fast&gt;?');
    expect(html).toContain('“Great "bike"”');
    expect(html).toContain('<nav aria-label="Site">');
    expect(html).toContain('href="https://shop.example/"');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<h2 style="margin:12px 0 4px;font-size:1.25em">Trail &lt;bike&gt;</h2>');
    expect(html).toContain('href="https://shop.example/bike"');
    expect(html).toContain(
      'src="https://www.google.com/maps?q=Main+St+1+%26+Co%2C+Springfield&amp;z=12&amp;output=embed" title="Map of Main St 1 &amp; Co, Springfield"',
    );
    expect(html).toContain('<audio controls preload="none" src="https://cdn.example/ep1.mp3"');
    expect(html).toContain('alt="A &quot;red&quot; one"');
    expect(html).not.toContain('not chosen yet');
    expect(html).toContain('<div role="region" aria-label="Carousel" tabindex="0"');
    expect(html.match(/scroll-snap-align:center/g)?.length).toBe(2);
    expect(html).toContain('Workshop &lt;seat&gt;</h2>');
    expect(html).toContain('>€49.90</p>');
    expect(html).toContain('<a href="https://buy.stripe.com/test_123" rel="noopener"');
    expect(html).toContain('You pay on buy.stripe.com.');
    // The company's code is never in the page: its frame asks the sites for it.
    expect(html).not.toContain('book()');
    expect(html).toMatch(
      /<iframe src="\/embed\/code\/[A-Za-z0-9_-]{32}" title="Booking &quot;widget&quot;" sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox"/,
    );
    expect(html).toContain('<div id="disqus_thread" data-disqus-shortname="bike-shop"></div>');
    expect(html.match(/font-size:16px;line-height:1.5/g)?.length).toBe(12);
  });

  it('are refused in mail', () => {
    for (const block of pageBlocks) {
      const refused = emailDesign.safeParse({ ...defaultDesign(), blocks: [block] });
      expect(refused.error?.issues[0]?.message).toBe(`has a ${block.type} block, which only a page can hold`);
    }
  });
});
