import { defaultDesign, defaultPageDesign } from '@app/contract/editor/default-design';
import type { BlockStyle, DesignBlock, EmailDesign } from '@app/contract/editor/design';
import { formBody } from '@app/contract/marketing/forms';
import {
  type TemplateCategory,
  type TemplateContent,
  templateContent,
} from '@app/contract/marketing/templates';

/** One of the product's own templates: every company sees it, uses it, copies it; no one changes it. */
export interface FeaturedTemplate {
  id: `featured-${string}`;
  name: string;
  category: TemplateCategory;
  content: TemplateContent;
}

const style = (overrides: Partial<BlockStyle> = {}): BlockStyle => ({
  paddingY: 10,
  paddingX: 24,
  background: 'transparent',
  align: 'left',
  hideOnMobile: false,
  ...overrides,
});
const text = (id: string, html: string, fontSize = 16): DesignBlock => ({
  id,
  type: 'text',
  style: style(),
  props: { html, color: '#1f2937', fontSize, lineHeight: 1.5 },
});
const button = (id: string, label: string, href: string): DesignBlock => ({
  id,
  type: 'button',
  style: style({ align: 'center', paddingY: 16 }),
  props: { label, href, color: '#1d4ed8', textColor: '#ffffff', radius: 6, fullWidth: false },
});
const separator = (id: string): DesignBlock => ({
  id,
  type: 'separator',
  style: style(),
  props: { color: '#e5e7eb', thickness: 1, lineStyle: 'solid', width: 100 },
});

const email = (blocks: DesignBlock[]): EmailDesign => ({ ...defaultDesign(), blocks });
const page = (blocks: DesignBlock[]): EmailDesign => ({ ...defaultPageDesign(), blocks });

const emailQuestion = {
  id: 'email',
  type: 'inputText',
  setting: { title: 'Email', required: true, field: 'email' },
};

/**
 * The featured gallery (§7 /template featured): a starting point of each kind, so a new company's
 * Template Manager is never empty. Checked against the templates' schema when the server loads.
 */
export const featuredTemplates: readonly FeaturedTemplate[] = [
  {
    id: 'featured-newsletter',
    name: 'Monthly newsletter',
    category: 'newsletter',
    content: {
      type: 'email',
      subject: 'What is new this month',
      preheader: 'Three things worth your time',
      design: email([
        text('title', '<h1>What is new this month</h1>', 16),
        text('intro', '<p>Hello {{firstname}}, here is what happened since we last wrote.</p>'),
        separator('line-1'),
        text(
          'story-1',
          '<h2>Our first story</h2><p>Tell your readers what changed and why it matters to them.</p>',
        ),
        button('more-1', 'Read more', 'https://example.com'),
        separator('line-2'),
        text('story-2', '<h2>A second story</h2><p>Keep each story short: one idea, one link.</p>'),
      ]),
    },
  },
  {
    id: 'featured-welcome',
    name: 'Welcome',
    category: 'welcome',
    content: {
      type: 'email',
      subject: 'Welcome aboard',
      preheader: 'Glad to have you with us',
      design: email([
        text('title', '<h1>Welcome, {{firstname}}!</h1>'),
        text(
          'body',
          '<p>Thank you for signing up. Here is how to get the most from us in your first week.</p>',
        ),
        button('start', 'Get started', 'https://example.com'),
      ]),
    },
  },
  {
    id: 'featured-sale',
    name: 'Seasonal sale',
    category: 'promotion',
    content: {
      type: 'email',
      subject: 'Our sale starts today',
      preheader: 'Up to 30% off until Sunday',
      design: email([
        text('title', '<h1 style="text-align:center">Up to 30% off</h1>'),
        text(
          'body',
          '<p style="text-align:center">Our seasonal sale runs until Sunday. Your favourites are waiting.</p>',
        ),
        button('shop', 'Shop the sale', 'https://example.com'),
      ]),
    },
  },
  {
    id: 'featured-launch',
    name: 'Product launch',
    category: 'announcement',
    content: {
      type: 'page',
      category: 'LANDING',
      setting: {
        title: 'Meet our new product',
        description: 'Everything it does, in one page.',
        noIndex: false,
      },
      design: page([
        text('title', '<h1>Meet our new product</h1>', 18),
        text('pitch', '<p>Say in one sentence what it does for your visitor, then show it.</p>'),
        button('cta', 'Try it free', 'https://example.com'),
        {
          id: 'quote',
          type: 'testimonial',
          style: style({ paddingY: 20 }),
          props: {
            quote: 'It saved our team a day a week.',
            author: 'A happy customer',
            role: 'Operations lead',
            photo: '',
            color: '#1d4ed8',
          },
        },
        {
          id: 'faq-1',
          type: 'textExpand',
          style: style(),
          props: {
            title: 'How much does it cost?',
            body: 'Answer the question your visitors ask most.',
            open: false,
            color: '#1d4ed8',
          },
        },
        { id: 'signup', type: 'form', style: style(), props: { formId: '' } },
      ]),
      forms: [],
    },
  },
  {
    id: 'featured-thanks',
    name: 'Thank you',
    category: 'other',
    content: {
      type: 'page',
      category: 'THANK_YOU',
      setting: { title: 'Thank you', description: '', noIndex: true },
      design: page([
        text('title', '<h1>Thank you!</h1>', 18),
        text('body', '<p>Please check your inbox: we sent you a link to confirm your address.</p>'),
      ]),
      forms: [],
    },
  },
  {
    id: 'featured-signup',
    name: 'Newsletter sign-up',
    category: 'newsletter',
    content: {
      type: 'form',
      form: formBody.parse({
        name: 'Newsletter sign-up',
        components: [
          emailQuestion,
          { id: 'firstname', type: 'inputText', setting: { title: 'First name', field: 'firstname' } },
        ],
        settings: { submitBtnTitle: 'Subscribe' },
      }),
    },
  },
  {
    id: 'featured-event',
    name: 'Event registration',
    category: 'event',
    content: {
      type: 'form',
      form: formBody.parse({
        name: 'Event registration',
        components: [
          emailQuestion,
          {
            id: 'name',
            type: 'inputText',
            setting: { title: 'Your name', required: true, field: 'firstname' },
          },
          { id: 'phone', type: 'inputPhone', setting: { title: 'Phone number', field: 'phone' } },
          {
            id: 'session',
            type: 'inputDropdown',
            setting: {
              title: 'Which session will you join?',
              required: true,
              options: [
                { optionId: 'morning', label: 'Morning' },
                { optionId: 'afternoon', label: 'Afternoon' },
              ],
            },
          },
        ],
        settings: { submitBtnTitle: 'Register' },
      }),
    },
  },
].map((featured) => ({ ...featured, content: templateContent.parse(featured.content) }) as FeaturedTemplate);

export const featuredTemplate = (id: string) => featuredTemplates.find((featured) => featured.id === id);
