import { defaultDesign, defaultPageDesign } from '@app/contract/editor/default-design';
import { templateCategories } from '@app/contract/marketing/template-words';
import type { Template } from '@app/contract/marketing/templates';
import { ApiError } from '@app/shared';
import { notInDemo } from '../not-in-demo.ts';
import type { TemplateApi } from './api.ts';

const now = () => new Date().toISOString();

/** A demo shop's templates: a newsletter and a landing page. */
let templates: Template[] = [
  {
    templateId: 'sample-1',
    type: 'email',
    name: 'Weekly picks',
    category: 'newsletter',
    labels: ['Spring'],
    thumbnail: null,
    featured: false,
    containsForm: false,
    content: { type: 'email', subject: 'This week at Maple & Moss', preheader: '', design: defaultDesign() },
    createdAt: '2026-11-02T09:00:00.000Z',
    lastUpdate: '2026-11-02T09:00:00.000Z',
  },
  {
    templateId: 'sample-2',
    type: 'page',
    name: 'Collection launch',
    category: 'announcement',
    labels: [],
    thumbnail: null,
    featured: false,
    containsForm: false,
    content: {
      type: 'page',
      category: 'LANDING',
      setting: { title: '', description: '', noIndex: false },
      design: defaultPageDesign(),
      forms: [],
    },
    createdAt: '2026-11-03T09:00:00.000Z',
    lastUpdate: '2026-11-03T09:00:00.000Z',
  },
];

const found = (id: string) => {
  const template = templates.find((one) => one.templateId === id);
  if (!template)
    throw new ApiError(
      'Template not found',
      404,
      { code: 'entityNotFound', message: 'Template not found' },
      true,
    );
  return template;
};

/** The demo vendors' Template Manager (§1 sample data): kept in memory; nothing is made, mailed or shared. */
export const sampleTemplateApi: TemplateApi = {
  list: async (query) => {
    const matching = templates.filter(
      (template) =>
        !query.featured &&
        template.type === query.type &&
        (!query.search || template.name.toLowerCase().includes(query.search.toLowerCase())) &&
        (!query.category || template.category === query.category),
    );
    const page = query.page ?? 1;
    const size = query.size ?? 12;
    return { items: matching.slice((page - 1) * size, page * size), total: matching.length, page, size };
  },
  get: async (id) => found(id),
  create: () => notInDemo(),
  update: async (id, body) => {
    const next = { ...found(id), ...body, lastUpdate: now() } as Template;
    templates = templates.map((one) => (one.templateId === id ? next : one));
    return next;
  },
  remove: async (id) => {
    found(id);
    templates = templates.filter((one) => one.templateId !== id);
  },
  use: () => notInDemo(),
  uploadThumbnail: () => notInDemo(),
  preview: async (id) => `<p style="font-family:sans-serif">${found(id).name.replace(/[<>&"]/g, '')}</p>`,
  applyToPage: () => notInDemo(),
  share: () => notInDemo(),
  accept: () => notInDemo(),
  labels: async () => [{ labelId: '1', name: 'Spring', templates: 1 }],
  renameLabel: () => notInDemo(),
  removeLabel: () => notInDemo(),
  categories: async (type) =>
    templateCategories.map(({ value, label }) => ({
      category: value,
      label,
      count: templates.filter((template) => template.type === type && template.category === value).length,
    })),
};
