import { sanitizeFilename } from '@app/contract';
import type { FileItem } from '@app/contract/marketing/files';
import type { FileApi } from './api.ts';

/** A small picture as a data address, so the sample files show without a server. */
const picture = (color: string, text: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100"><rect width="160" height="100" fill="${color}"/><text x="80" y="56" font-family="sans-serif" font-size="14" fill="#fff" text-anchor="middle">${text}</text></svg>`,
  )}`;

const day = 24 * 60 * 60 * 1000;
const at = (daysAgo: number) => new Date(Date.UTC(2026, 10, 20) - daysAgo * day).toISOString();

/** A demo company's file store: the pictures and documents a shop's newsletters use. */
let files: FileItem[] = [
  {
    id: 's-1',
    name: 'spring-sale-banner.png',
    size: 248_113,
    type: 'image/png',
    url: picture('#e30613', 'Spring sale'),
    createdAt: at(1),
  },
  {
    id: 's-2',
    name: 'logo-dark.png',
    size: 18_422,
    type: 'image/png',
    url: picture('#1d1d1b', 'Logo'),
    createdAt: at(3),
  },
  {
    id: 's-3',
    name: 'new-arrivals.jpg',
    size: 512_904,
    type: 'image/jpeg',
    url: picture('#1a73e8', 'New arrivals'),
    createdAt: at(6),
  },
  {
    id: 's-4',
    name: 'price-list-2026.pdf',
    size: 1_204_551,
    type: 'application/pdf',
    url: '#',
    createdAt: at(9),
  },
  {
    id: 's-5',
    name: 'store-opening-hours.docx',
    size: 31_207,
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    url: '#',
    createdAt: at(14),
  },
  {
    id: 's-6',
    name: 'team-photo.webp',
    size: 302_118,
    type: 'image/webp',
    url: picture('#ff6f00', 'Our team'),
    createdAt: at(21),
  },
];
const quotaBytes = 1_073_741_824;
const compare = {
  createdAt: (a: FileItem, b: FileItem) => a.createdAt.localeCompare(b.createdAt),
  name: (a: FileItem, b: FileItem) => a.name.localeCompare(b.name),
  size: (a: FileItem, b: FileItem) => a.size - b.size,
};

/** The sample vendors' File Manager: answers from the set above, changes kept until the page reloads. */
export const sampleFileApi: FileApi = {
  async list({ page = 1, size = 10, search, type, sort = '-createdAt' }) {
    const descending = sort.startsWith('-');
    const order = compare[(descending ? sort.slice(1) : sort) as keyof typeof compare];
    const found = files
      .filter((file) => !search || file.name.toLowerCase().includes(search.toLowerCase()))
      .filter((file) => !type || (type === 'image') === file.type.startsWith('image/'))
      .sort((a, b) => (descending ? order(b, a) : order(a, b)));
    return { items: found.slice((page - 1) * size, page * size), total: found.length, page, size };
  },
  usage: async () => ({ usedBytes: files.reduce((sum, file) => sum + file.size, 0), quotaBytes }),
  async upload(file, onProgress) {
    onProgress(1);
    const stored: FileItem = {
      id: `s-${Date.now()}`,
      name: sanitizeFilename(file.name),
      size: file.size,
      type: file.type || 'application/octet-stream',
      url: URL.createObjectURL(file),
      createdAt: new Date().toISOString(),
    };
    files = [stored, ...files];
    return stored;
  },
  async rename(id, name) {
    const file = files.find((candidate) => candidate.id === id);
    if (!file) throw new Error('File not found');
    const extension = file.name.slice(file.name.lastIndexOf('.'));
    const renamed = { ...file, name: `${name.replace(/\.[^.]*$/, '').replace(/[^\w-]/g, '')}${extension}` };
    files = files.map((candidate) => (candidate.id === id ? renamed : candidate));
    return renamed;
  },
  async remove(id) {
    files = files.filter((file) => file.id !== id);
  },
  designsUsing: async (id) => (id === 's-2' ? ['monthly-newsletter'] : []),
};
