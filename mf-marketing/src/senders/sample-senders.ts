import { type ErrorCode, quotaExceededMessage } from '@app/contract';
import type { Sender, SenderDomain, SenderUsage } from '@app/contract/marketing/senders';
import { domainOfAddress, usableSenderDomains } from '@app/contract/rules/sender-domain';
import { ApiError } from '@app/shared';
import type { SenderApi } from './api.ts';
import { type DomainProblem, senderDomainProblem } from './sender-rows.ts';

const day = 24 * 60 * 60 * 1000;
const at = (daysAgo: number) => new Date(Date.UTC(2026, 10, 20) - daysAgo * day).toISOString();

/** A demo home-goods shop: its two sending domains, verified with SPF. */
const domains: readonly SenderDomain[] = [
  { domain: 'maplemoss.com', verified: true, spfVerified: true },
  { domain: 'news.maplemoss.com', verified: true, spfVerified: true },
];

/** Its senders: two validated, one waiting for its link, one at the UK domain it no longer sends from. */
let senders: Sender[] = [
  {
    id: 'sender-4',
    email: 'events@maplemoss.com',
    name: 'Maple & Moss Events',
    replyTo: 'events@maplemoss.com',
    isDefault: false,
    validated: false,
    validatedAt: null,
    linkSentAt: at(1),
    createdAt: at(1),
  },
  {
    id: 'sender-3',
    email: 'shop@maplemoss.co.uk',
    name: 'Maple & Moss UK',
    replyTo: null,
    isDefault: false,
    validated: false,
    validatedAt: null,
    linkSentAt: at(12),
    createdAt: at(30),
  },
  {
    id: 'sender-2',
    email: 'offers@maplemoss.com',
    name: 'Maple & Moss Offers',
    replyTo: 'care@maplemoss.com',
    isDefault: false,
    validated: true,
    validatedAt: at(44),
    linkSentAt: at(45),
    createdAt: at(45),
  },
  {
    id: 'sender-1',
    email: 'hello@maplemoss.com',
    name: 'Maple & Moss',
    replyTo: 'care@maplemoss.com',
    isDefault: true,
    validated: true,
    validatedAt: at(120),
    linkSentAt: at(120),
    createdAt: at(120),
  },
];

const usage: Readonly<Record<string, SenderUsage>> = {
  'sender-1': { campaigns: 4, automations: 1, forms: 2 },
  'sender-2': { campaigns: 2, automations: 0, forms: 0 },
};

/** §9's sample professional plan. */
const limits = { senderLimit: 5, senderDomainLimit: 2 };

/** A refusal shaped as the server's, so the screens show it as they show the server's. */
const refusal = (status: number, code: ErrorCode, message: string, payload?: Record<string, unknown>) =>
  new ApiError(message, status, { code, message, payload }, false);

const notFound = () => refusal(404, 'entityNotFound', 'Sender not found', { field: 'id' });

const problemRefusal = (problem: DomainProblem) =>
  problem.kind === 'notSendingDomain'
    ? {
        code: 'senderDomainUnsupported' as const,
        message: 'The sender domain is not one of your verified sending domains',
      }
    : {
        code: 'senderDomainMisconfigured' as const,
        message: `The SPF record of ${problem.domain} is not verified: verify it under Sending Domains`,
      };

function quota(subfeature: 'senderLimit' | 'senderDomainLimit') {
  return refusal(409, 'quotaExceeded', quotaExceededMessage(subfeature, 'sender'), {
    feature: 'sender',
    subfeature,
  });
}

function find(id: string): Sender {
  const sender = senders.find((candidate) => candidate.id === id);
  if (!sender) throw notFound();
  return sender;
}

const update = (id: string, change: Partial<Sender>) => {
  senders = senders.map((sender) => (sender.id === id ? { ...sender, ...change } : sender));
  return find(id);
};

const sortKeys = { email: 'email', name: 'name', createdAt: 'createdAt' } as const;

/** The sample vendors' senders: answers from the set above, changes kept until the page reloads. */
export const sampleSenderApi: SenderApi = {
  async list({ page = 1, size = 10, search, status, sort = '-createdAt' }) {
    const descending = sort.startsWith('-');
    const key = sortKeys[(descending ? sort.slice(1) : sort) as keyof typeof sortKeys] ?? 'createdAt';
    const statuses = status?.split(',').filter(Boolean) ?? [];
    const text = search?.toLowerCase();
    const found = senders
      .filter((sender) => !text || `${sender.email} ${sender.name}`.toLowerCase().includes(text))
      .filter(
        (sender) => statuses.length === 0 || statuses.includes(sender.validated ? 'validated' : 'pending'),
      )
      .toSorted((a, b) => (descending ? -1 : 1) * a[key].localeCompare(b[key]));
    return { items: found.slice((page - 1) * size, page * size), total: found.length, page, size };
  },

  domains: async () => [...domains],

  async create(body) {
    const payload = { field: 'email', value: body.email };
    const problem = senderDomainProblem(body.email, domains);
    if (problem) {
      const { code, message } = problemRefusal(problem);
      throw refusal(422, code, message, payload);
    }
    if (senders.some((sender) => sender.email === body.email)) {
      throw refusal(409, 'duplicate', 'This sender already exists', payload);
    }
    if (senders.length >= limits.senderLimit) throw quota('senderLimit');
    const held = new Set(senders.map((sender) => domainOfAddress(sender.email)));
    if (!held.has(domainOfAddress(body.email)) && held.size >= limits.senderDomainLimit) {
      throw quota('senderDomainLimit');
    }
    const now = new Date().toISOString();
    const sender: Sender = {
      id: `sender-${Date.now()}`,
      ...body,
      isDefault: false,
      validated: false,
      validatedAt: null,
      linkSentAt: now,
      createdAt: now,
    };
    senders = [sender, ...senders];
    return sender;
  },

  async revalidate(id) {
    if (find(id).validated) throw refusal(409, 'state', 'The sender is already validated');
    return update(id, { linkSentAt: new Date().toISOString() });
  },

  async makeDefault(id) {
    if (!find(id).validated) {
      throw refusal(409, 'state', 'Only a validated sender can be the default: confirm its address first');
    }
    senders = senders.map((sender) => ({ ...sender, isDefault: sender.id === id }));
    return find(id);
  },

  async remove(id) {
    const removed = find(id);
    senders = senders.filter((sender) => sender.id !== id);
    const [oldest] = senders
      .filter((sender) => sender.validated)
      .toSorted((a, b) => a.createdAt.localeCompare(b.createdAt));
    if (removed.isDefault && oldest) update(oldest.id, { isDefault: true });
  },

  async suggestion(id) {
    const { email } = find(id);
    const problem = senderDomainProblem(email, domains);
    if (!problem) return { email, usable: true, problem: null, addresses: [] };
    const local = email.slice(0, email.lastIndexOf('@'));
    return {
      email,
      usable: false,
      problem: problemRefusal(problem),
      addresses: usableSenderDomains(domains).map((domain) => `${local}@${domain}`),
    };
  },

  usage: async (id) => usage[find(id).id] ?? { campaigns: 0, automations: 0, forms: 0 },

  /** Any token of the link confirms a pending sample sender. */
  async validate(id, token) {
    const sender = senders.find((candidate) => candidate.id === id);
    if (!sender || !token) {
      throw refusal(400, 'validation', 'The token is Invalid', {
        field: 'token',
        cause: 'The token is Invalid',
      });
    }
    if (sender.validated) throw refusal(410, 'linkUsed', 'This link has already been used');
    const problem = senderDomainProblem(sender.email, domains);
    if (problem) {
      const { code, message } = problemRefusal(problem);
      throw refusal(422, code, message, { field: 'email', value: sender.email });
    }
    const first = !senders.some((candidate) => candidate.isDefault);
    update(id, { validated: true, validatedAt: new Date().toISOString(), isDefault: first });
    return { email: sender.email, name: sender.name };
  },
};
