import type { CampaignCategory } from '@app/contract/marketing/campaign-categories';
import { campaignMissing } from '@app/contract/marketing/campaign-messages';
import type { Campaign, CampaignListAnswer } from '@app/contract/marketing/campaigns';
import { ApiError } from '@app/shared';
import type { CampaignApi } from './api.ts';

const day = 24 * 60 * 60 * 1000;
const at = (daysAgo: number) => new Date(Date.UTC(2026, 10, 20) - daysAgo * day).toISOString();

/** The demo shop's sample labels (the contact book's sample) and how many of their contacts may be mailed. */
const mailableIn: Record<string, number> = { 'label-1': 3, 'label-2': 2 };

const html =
  '<p>Hello {{firstname}}, our autumn collection is here.</p><a href="https://maplemoss.com/bye" data-msys-unsubscribe="1">Unsubscribe</a>';

const campaign = (id: number, name: string, status: Campaign['status'], daysAgo: number): Campaign => ({
  id: `campaign-${id}`,
  name,
  subject: `${name} at Maple & Moss`,
  preheader: '',
  senderId: 'sender-1',
  replyTo: null,
  categoryId: null,
  labels: ['label-1'],
  segments: [],
  excludedLabels: [],
  excludedSegments: [],
  content: { html },
  ab: null,
  abState: null,
  sendRate: null,
  voucherListId: null,
  status,
  scheduledAt: status === 'SCHEDULED' ? at(-3) : null,
  startedAt: status === 'SENT' ? at(daysAgo) : null,
  sentAt: status === 'SENT' ? at(daysAgo) : null,
  queued: status === 'SENT' ? 3 : 0,
  error: null,
  createdAt: at(daysAgo + 2),
  updatedAt: at(daysAgo),
});

let campaigns: Campaign[] = [
  campaign(3, 'Winter preview', 'DRAFT', 1),
  campaign(2, 'Black Friday', 'SCHEDULED', 2),
  campaign(1, 'Autumn collection', 'SENT', 20),
];
let nextId = 4;
let categories: CampaignCategory[] = [
  { id: 'category-1', name: 'Newsletters', campaigns: 0, createdAt: at(60) },
];

const counted = (category: CampaignCategory) => ({
  ...category,
  campaigns: campaigns.filter((item) => item.categoryId === category.id).length,
});
function categoryNamed(name: string, except?: string): string {
  const wanted = name.trim();
  if (categories.some((item) => item.id !== except && item.name.toLowerCase() === wanted.toLowerCase())) {
    throw new ApiError('A category with this name already exists', 409, undefined, false);
  }
  return wanted;
}

const demoOnly = () =>
  new ApiError('Sending needs your own server: this demo shows sample campaigns', 400, undefined, false);

function found(id: string): Campaign {
  const one = campaigns.find((item) => item.id === id);
  if (!one) throw new ApiError('Campaign not found', 404, undefined, false);
  return one;
}

function saved(next: Campaign): Campaign {
  campaigns = campaigns.map((item) => (item.id === next.id ? next : item));
  return next;
}

function created(from: Omit<Campaign, 'id'>): Campaign {
  const made = { ...from, id: `campaign-${nextId++}` };
  campaigns = [made, ...campaigns];
  return made;
}

/** The sample campaigns of the demo vendors (§1): composed and counted in the browser, never sent. */
export const sampleCampaignApi: CampaignApi = {
  async list(query, kind): Promise<CampaignListAnswer> {
    const search = (query.search ?? '').toLowerCase();
    const statuses = query.status ? query.status.split(',') : [];
    const items = campaigns
      .filter((item) => (item.ab !== null) === (kind === 'ab'))
      .filter((item) => `${item.name} ${item.subject}`.toLowerCase().includes(search))
      .filter((item) => statuses.length === 0 || statuses.includes(item.status))
      .filter((item) => !query.category || item.categoryId === query.category);
    const page = query.page ?? 1;
    const size = query.size ?? 10;
    return {
      items: items
        .slice((page - 1) * size, page * size)
        .map(({ content: _content, ab: _ab, ...item }) => item),
      total: items.length,
      page,
      size,
    };
  },
  create: async (name, kind) =>
    created({
      ...campaign(0, name, 'DRAFT', 0),
      subject: '',
      content: null,
      labels: [],
      senderId: null,
      ab: kind === 'ab' ? { versions: [{}], testShare: 20, waitHours: 4, metric: 'clicks' } : null,
    }),
  get: async (id) => found(id),
  status: async (id) => {
    const { content: _content, ab: _ab, ...item } = found(id);
    return item;
  },
  update: async (id, patch) => saved({ ...found(id), ...patch, updatedAt: new Date().toISOString() }),
  remove: async (id) => {
    found(id);
    campaigns = campaigns.filter((item) => item.id !== id);
  },
  duplicate: async (id) => {
    const { id: _id, ...copy } = found(id);
    return created({
      ...copy,
      name: `Copy of ${copy.name}`,
      status: 'DRAFT',
      scheduledAt: null,
      sentAt: null,
    });
  },
  countRecipients: async (id) => found(id).labels.reduce((sum, label) => sum + (mailableIn[label] ?? 0), 0),
  readiness: async (id) => {
    const item = found(id);
    const missing: string[] = [];
    if (item.subject === '') missing.push(campaignMissing.subject);
    if (!item.senderId) missing.push(campaignMissing.sender);
    if (item.labels.length + item.segments.length === 0) missing.push(campaignMissing.recipients);
    if (!item.content) missing.push(campaignMissing.content);
    return { missing };
  },
  sendTest: async () => {
    throw demoOnly();
  },
  send: async () => {
    throw demoOnly();
  },
  pause: async () => {
    throw demoOnly();
  },
  resume: async () => {
    throw demoOnly();
  },
  cancel: async () => {
    throw demoOnly();
  },
  cancelSchedule: async (id) => saved({ ...found(id), status: 'DRAFT', scheduledAt: null }),
  report: async (id) => {
    const sent = found(id).queued;
    const opened = Math.min(sent, 2);
    return {
      sent,
      delivered: sent,
      bounced: 0,
      opened,
      machineOpened: sent > 0 ? 1 : 0,
      clicked: Math.min(opened, 1),
      unsubscribed: 0,
      complained: 0,
      notOpened: sent - opened,
    };
  },
  reportLinks: async () => ({ items: [] }),
  reportTimeline: async () => ({
    startedAt: null,
    hours: Array.from({ length: 48 }, (_, hour) => ({ hour, delivered: 0, opened: 0, clicked: 0 })),
  }),
  reportRecipients: async (_id, _type, page) => ({ items: [], total: 0, page, size: 10 }),
  voucherLists: async () => ({ items: [] }),
  createVoucherList: async () => {
    throw demoOnly();
  },
  abReport: async () => {
    throw demoOnly();
  },
  pickWinner: async () => {
    throw demoOnly();
  },
  htmlPath: (id) => `/email-marketing/${id}/html`,
  categories: async () => ({ items: categories.map(counted) }),
  createCategory: async (name) => {
    const made = {
      id: `category-${nextId++}`,
      name: categoryNamed(name),
      campaigns: 0,
      createdAt: new Date().toISOString(),
    };
    categories = [...categories, made].sort((x, y) => x.name.localeCompare(y.name));
    return made;
  },
  renameCategory: async (id, name) => {
    const wanted = categoryNamed(name, id);
    categories = categories.map((item) => (item.id === id ? { ...item, name: wanted } : item));
    const renamed = categories.find((item) => item.id === id);
    if (!renamed) throw new ApiError('Category not found', 404, undefined, false);
    return counted(renamed);
  },
  removeCategory: async (id) => {
    categories = categories.filter((item) => item.id !== id);
    campaigns = campaigns.map((item) => (item.categoryId === id ? { ...item, categoryId: null } : item));
  },
};
