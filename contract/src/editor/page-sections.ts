// Zod-free (the editor bundles it): the ready-made sections a page starts from.
import type { DesignBlock, DesignColumn } from './design.ts';

/** §7's section categories, in the order the editor lists them. */
export const sectionCategories = ['Hero', 'Features', 'Testimonials', 'Call to action', 'Footer'] as const;
export type SectionCategory = (typeof sectionCategories)[number];

/**
 * §3's template section of type `default`: a row the product offers every page, by category. A
 * company's own sections (type `custom`) are its saved blocks.
 */
export interface PageSection {
  key: string;
  name: string;
  category: SectionCategory;
  block: DesignBlock;
}

type Style = DesignBlock['style'];
const style = (background = 'transparent', paddingY = 0): Style => ({
  paddingY,
  paddingX: 0,
  background,
  align: 'center',
  hideOnMobile: false,
});
const ink = '#111827';

const text = (id: string, html: string, fontSize = 16, color = ink): DesignBlock => ({
  id,
  type: 'text',
  style: { ...style(), paddingY: 4 },
  props: { html, color, fontSize, lineHeight: 1.5 },
});

const button = (id: string, label: string, color = '#1d4ed8'): DesignBlock => ({
  id,
  type: 'button',
  style: { ...style(), paddingY: 8 },
  props: { label, href: 'https://example.com', color, textColor: '#ffffff', radius: 6, fullWidth: false },
});

const column = (width: number, blocks: DesignBlock[]): DesignColumn => ({
  width,
  background: 'transparent',
  padding: 16,
  verticalAlign: 'top',
  blocks: blocks as DesignColumn['blocks'],
});

const row = (id: string, background: string, columns: DesignColumn[]): DesignBlock => ({
  id,
  type: 'row',
  style: style(background, 24),
  props: { columns, stackOnMobile: true },
});

const quote = (id: string, words: string, author: string, role: string): DesignBlock => ({
  id,
  type: 'testimonial',
  style: style(),
  props: { quote: words, author, role, photo: '', color: ink },
});

const feature = (id: string, width: number, title: string, words: string) =>
  column(width, [text(`${id}-t`, `<h3>${title}</h3><p>${words}</p>`)]);

export const pageSections: readonly PageSection[] = [
  {
    key: 'hero-centered',
    name: 'Headline with a button',
    category: 'Hero',
    block: row('hero', '#eff6ff', [
      column(100, [
        text('hero-title', '<h1>Say what you offer in one line</h1>', 32),
        text(
          'hero-words',
          '<p>One or two sentences on why a visitor should care, and what happens next.</p>',
          18,
        ),
        button('hero-button', 'Get started'),
      ]),
    ]),
  },
  {
    key: 'hero-split',
    name: 'Headline beside a picture',
    category: 'Hero',
    block: row('split', 'transparent', [
      column(50, [
        text('split-title', '<h1>Made for the way you work</h1>', 28),
        text('split-words', '<p>Tell the story in a few words; the picture does the rest.</p>'),
        button('split-button', 'See how'),
      ]),
      column(50, [
        {
          id: 'split-image',
          type: 'image',
          style: style(),
          props: { src: '', alt: 'Your product', href: '', width: 100 },
        },
      ]),
    ]),
  },
  {
    key: 'features-three',
    name: 'Three features',
    category: 'Features',
    block: row('features', 'transparent', [
      feature('f1', 33, 'Fast', 'Ready in minutes, not weeks.'),
      feature('f2', 33, 'Simple', 'Nothing to install, nothing to learn.'),
      feature('f3', 34, 'Yours', 'Your brand, your words, your data.'),
    ]),
  },
  {
    key: 'testimonials-two',
    name: 'Two customers',
    category: 'Testimonials',
    block: row('quotes', '#f9fafb', [
      column(50, [quote('quote-1', 'It paid for itself in a month.', 'Ana', 'Shop owner')]),
      column(50, [quote('quote-2', 'Our team set it up in an afternoon.', 'Ben', 'Marketing lead')]),
    ]),
  },
  {
    key: 'call-to-action',
    name: 'Offer with a button',
    category: 'Call to action',
    block: row('offer', '#1e3a8a', [
      column(100, [
        text('offer-title', '<h2>Ten percent off this week</h2>', 24, '#ffffff'),
        text('offer-words', '<p>Sign up today and the discount is yours.</p>', 16, '#ffffff'),
        button('offer-button', 'Claim the offer', '#f59e0b'),
      ]),
    ]),
  },
  {
    key: 'footer-simple',
    name: 'Address and links',
    category: 'Footer',
    block: row('footer', '#f3f4f6', [
      column(100, [
        text(
          'footer-words',
          '<p>Your company · Street 1, City · <a href="https://example.com">Contact us</a></p>',
          13,
          '#4b5563',
        ),
      ]),
    ]),
  },
];
