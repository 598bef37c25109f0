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
    expect(html.match(/font-size:16px;line-height:1.5/g)?.length).toBe(4);
  });

  it('are refused in mail', () => {
    for (const block of pageBlocks) {
      const refused = emailDesign.safeParse({ ...defaultDesign(), blocks: [block] });
      expect(refused.error?.issues[0]?.message).toBe(`has a ${block.type} block, which only a page can hold`);
    }
  });
});
