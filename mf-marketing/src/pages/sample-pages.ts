import { defaultPageDesign } from '@app/contract/editor/default-design';
import type { PageDomainList } from '@app/contract/marketing/page-domains';
import { pageReportCsv } from '@app/contract/marketing/page-report-csv';
import type { Page } from '@app/contract/marketing/pages';
import { ApiError, saveFile } from '@app/shared';
import { notInDemo } from '../not-in-demo.ts';
import type { PageApi } from './api.ts';

const site = 'https://pages.maplemoss.com/maple-moss';
const now = () => new Date().toISOString();

const pageOf = (id: string, name: string, permalink: string, extra: Partial<Page> = {}): Page => ({
  pageId: id,
  name,
  category: 'LANDING',
  permalink,
  published: false,
  stateDraft: false,
  default: false,
  default404: false,
  shared: false,
  shareUrl: null,
  url: `${site}/${permalink}`,
  domainUrl: null,
  setting: { title: '', description: '', noIndex: false },
  design: defaultPageDesign(),
  formIds: [],
  templateId: null,
  thumbnail: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  lastUpdate: '2026-11-12T09:00:00.000Z',
  publishedAt: null,
  ...extra,
});

const sampleReport = (range: { start: string; end: string }) => ({
  visits: 42,
  visitors: 31,
  days: [{ day: range.end, visits: 42, visitors: 31 }],
  locations: [
    { country: 'ID', visits: 30 },
    { country: 'SG', visits: 12 },
  ],
});

/** A demo shop's spring landing page, published and its home page. */
let pages: Page[] = [
  pageOf('page-1', 'Spring collection', 'spring', {
    published: true,
    default: true,
    publishedAt: '2026-11-12T09:00:00.000Z',
  }),
];

const found = (id: string) => {
  const page = pages.find((one) => one.pageId === id);
  if (!page)
    throw new ApiError('Page not found', 404, { code: 'entityNotFound', message: 'Page not found' }, true);
  return page;
};
const change = (id: string, patch: Partial<Page>) => {
  const next = { ...found(id), ...patch, lastUpdate: now() };
  pages = pages.map((one) => (one.pageId === id ? next : one));
  return Promise.resolve(next);
};
const sites: PageDomainList = { slug: 'maple-moss', siteUrl: site, certificates: false, items: [] };
/** The demo vendors' pages (§1 sample data): kept in memory, nothing hosted. */
export const samplePageApi: PageApi = {
  list: async (query) => {
    const matching = pages.filter(
      (page) =>
        (!query.search || page.name.toLowerCase().includes(query.search.toLowerCase())) &&
        (!query.category || page.category === query.category),
    );
    const size = query.size ?? 10;
    const from = ((query.page ?? 1) - 1) * size;
    return { items: matching.slice(from, from + size), total: matching.length, page: query.page ?? 1, size };
  },
  create: async (body) => {
    const page = pageOf(`page-${pages.length + 1}`, body.name, body.permalink, {
      category: body.category ?? 'LANDING',
      createdAt: now(),
      lastUpdate: now(),
    });
    pages = [page, ...pages];
    return page;
  },
  get: async (id) => found(id),
  update: (id, body) =>
    change(id, {
      ...(body.name ? { name: body.name } : {}),
      ...(body.permalink ? { permalink: body.permalink, url: `${site}/${body.permalink}` } : {}),
      ...(body.design ? { design: body.design as Page['design'] } : {}),
      ...(body.setting ? { setting: { ...found(id).setting, ...body.setting } } : {}),
      stateDraft: found(id).published,
    }),
  remove: async (ids) => {
    pages = pages.filter((page) => !ids.includes(page.pageId));
  },
  publish: (id, publish) => change(id, { published: publish, stateDraft: false, publishedAt: now() }),
  setDefault: (id, value) => change(id, { default: value }),
  setDefault404: (id, value) => change(id, { default404: value }),
  share: (id, share) => change(id, { shared: share, shareUrl: share ? `${site}/share/demo` : null }),
  duplicate: async (id) => {
    const source = found(id);
    const copy = pageOf(`page-${pages.length + 1}`, `Copy of ${source.name}`, `${source.permalink}-copy`);
    pages = [copy, ...pages];
    return copy;
  },
  checkPermalink: async (permalink, pageId) =>
    pages.some((page) => page.permalink === permalink && page.pageId !== pageId)
      ? { valid: false, message: 'This URL already exists' }
      : { valid: true, message: null },
  report: async (_id, range) => sampleReport(range),
  // The demo's report as the server would write it, made in the browser.
  exportReport: async (id, range) =>
    saveFile(new Blob([pageReportCsv(sampleReport(range))], { type: 'text/csv' }), `page-${id}-report.csv`),
  sites: async () => sites,
  setSlug: notInDemo,
  addDomain: notInDemo,
  verifyDomain: notInDemo,
  setDefaultDomain: notInDemo,
  generateSsl: notInDemo,
  integrations: async () => ({
    fbPixel: null,
    twPixel: null,
    ga: null,
    gtm: null,
    linkedin: null,
    tiktok: null,
    snapchat: null,
    crispChat: null,
    telegram: null,
    facebookMessenger: null,
    whatsappChat: null,
    whatsappText: null,
    askConsent: true,
  }),
  setIntegrations: notInDemo,
  removeDomain: notInDemo,
};
