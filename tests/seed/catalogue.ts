/**
 * What the seeded company sends and what happens to it, decided per recipient from its number alone
 * (a seeded PRNG), so the generator, its tests and a re-run all agree on the expected counts.
 */

/** A small fast PRNG (mulberry32). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(weighted: ReadonlyArray<readonly [T, number]>, roll: number): T {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  let left = roll * total;
  for (const [value, weight] of weighted) {
    left -= weight;
    if (left < 0) return value;
  }
  return (weighted.at(-1) as readonly [T, number])[0];
}

/** Where the recipients are: big mailbox providers take most, example domains the rest. */
export const recipientDomains: ReadonlyArray<readonly [string, number]> = [
  ['gmail.com', 34],
  ['yahoo.com', 14],
  ['outlook.com', 11],
  ['hotmail.com', 8],
  ['icloud.com', 8],
  ['aol.com', 4],
  ['example.com', 7],
  ['example.net', 5],
  ['example.org', 4],
  ['mail.example', 3],
  ['corp.example', 2],
];

/** The company's sending domains (verified by the operator CLI, shared with its subaccounts). */
export const sendingDomains = [
  'news.acme-shop.example',
  'orders.acme-shop.example',
  'accounts.acme-shop.example',
  'mail.acme-travel.example',
] as const;

export const subaccountNames = ['Acme Marketplace', 'Acme Travel'] as const;

export interface SeedTemplate {
  id: string;
  name: string;
  from: { email: string; name: string };
  subject: string;
}

/** Stored templates (published) some streams send through. */
export const seedTemplates: readonly SeedTemplate[] = [
  {
    id: 'weekly-newsletter',
    name: 'Weekly newsletter',
    from: { email: 'digest@news.acme-shop.example', name: 'Acme News' },
    subject: 'Your weekly digest: week {{week}}',
  },
  {
    id: 'order-confirmation',
    name: 'Order confirmation',
    from: { email: 'orders@orders.acme-shop.example', name: 'Acme Orders' },
    subject: 'Order {{order_id}} is confirmed',
  },
];

/** One kind of mail the company sends: a campaign, its sender and content, its account. */
export interface Stream {
  campaign: string;
  /** Share of the recipients. */
  weight: number;
  /** 0: the master account; else the index (1-based) into subaccountNames. */
  subaccount: number;
  transactional: boolean;
  template?: string;
  from?: { email: string; name: string };
  subjects?: string[];
}

export const streams: readonly Stream[] = [
  {
    campaign: 'weekly-newsletter',
    weight: 30,
    subaccount: 0,
    transactional: false,
    template: 'weekly-newsletter',
  },
  {
    campaign: 'black-friday-2026',
    weight: 20,
    subaccount: 0,
    transactional: false,
    from: { email: 'deals@news.acme-shop.example', name: 'Acme Deals' },
    subjects: [
      'Black Friday: 40% off everything',
      'Last hours: Black Friday ends tonight',
      'Your early access',
    ],
  },
  {
    campaign: 'order-confirmation',
    weight: 18,
    subaccount: 0,
    transactional: true,
    template: 'order-confirmation',
  },
  {
    campaign: 'password-reset',
    weight: 7,
    subaccount: 0,
    transactional: true,
    from: { email: 'no-reply@accounts.acme-shop.example', name: 'Acme Accounts' },
    subjects: ['Reset your Acme password'],
  },
  {
    campaign: 'welcome-series',
    weight: 15,
    subaccount: 1,
    transactional: false,
    from: { email: 'hello@news.acme-shop.example', name: 'Acme Marketplace' },
    subjects: ['Welcome to Acme Marketplace', 'Three things to try this week'],
  },
  {
    campaign: 'cart-reminder',
    weight: 10,
    subaccount: 2,
    transactional: false,
    from: { email: 'trips@mail.acme-travel.example', name: 'Acme Travel' },
    subjects: ['You left something in your cart', 'Your trip to Lisbon is still waiting'],
  },
];

/** What the receiving MX answers a recipient: the engine classifies these replies itself. */
export type Outcome = 'delivered' | 'delayed' | 'hard' | 'soft' | 'block';

export const refusals: Record<
  Exclude<Outcome, 'delivered'>,
  { code: number; enhanced: string; text: string }
> = {
  // Deferred once, then delivered at the first retry (about a minute later).
  delayed: { code: 451, enhanced: '4.3.0', text: 'Temporary failure, please try again later' },
  hard: { code: 550, enhanced: '5.1.1', text: 'The email account that you tried to reach does not exist' },
  soft: { code: 552, enhanced: '5.2.2', text: 'Mailbox full: user has exceeded storage allocation' },
  block: {
    code: 554,
    enhanced: '5.7.1',
    text: 'Service unavailable; client host blocked using Spamhaus zen',
  },
};

const outcomes: ReadonlyArray<readonly [Outcome, number]> = [
  ['delivered', 930],
  ['delayed', 30],
  ['hard', 20],
  ['soft', 10],
  ['block', 10],
];

/** Mail clients that open and click; `Mozilla/5.0` alone is Apple's privacy proxy (prefetched). */
export const userAgents: ReadonlyArray<readonly [string, number]> = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    30,
  ],
  ['Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; Microsoft Outlook 16.0.17928; ms-office)', 15],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    20,
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    12,
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    8,
  ],
  ['Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)', 10],
  ['Mozilla/5.0', 5],
];

const firstNames = [
  'ana',
  'budi',
  'chen',
  'dewi',
  'emma',
  'farid',
  'gita',
  'hugo',
  'ines',
  'joko',
  'kim',
  'lena',
];
const lastNames = [
  'santoso',
  'smith',
  'wijaya',
  'garcia',
  'tan',
  'muller',
  'silva',
  'nguyen',
  'rossi',
  'lim',
];

export interface RecipientPlan {
  index: number;
  email: string;
  name: string;
  outcome: Outcome;
  /** Opens the recipient makes (0 when not delivered), each with its user agent. */
  opens: string[];
  /** Clicks on the message's links: which link (0-based) and the user agent. */
  clicks: { link: number; userAgent: string }[];
}

/** Recipient `index`'s address, name, outcome and engagement: the same on every run. */
export function recipientPlan(index: number): RecipientPlan {
  const roll = random(index * 7919 + 17);
  const first = firstNames[Math.floor(roll() * firstNames.length)] as string;
  const last = lastNames[Math.floor(roll() * lastNames.length)] as string;
  const domain = pick(recipientDomains, roll());
  const outcome = pick(outcomes, roll());
  const reached = outcome === 'delivered' || outcome === 'delayed';
  const opens: string[] = [];
  const clicks: { link: number; userAgent: string }[] = [];
  if (reached && roll() < 0.3) {
    const agent = pick(userAgents, roll());
    opens.push(agent);
    if (roll() < 0.3) opens.push(agent);
    // A person at Apple's proxy clicks with their own browser.
    const browser = agent === 'Mozilla/5.0' ? (userAgents[2]?.[0] as string) : agent;
    if (roll() < 0.3) clicks.push({ link: roll() < 0.7 ? 0 : 1, userAgent: browser });
  }
  return {
    index,
    email: `${first}.${last}.${index}@${domain}`,
    name: `${first} ${last}`,
    outcome,
    opens,
    clicks,
  };
}

/** The recipient number a seeded address carries (`first.last.<index>@domain`). */
export function indexOf(address: string): number | undefined {
  const match = /\.(\d+)@/.exec(address);
  return match ? Number(match[1]) : undefined;
}

/** Which stream recipient batch `batch` belongs to. */
export function streamOf(batch: number): Stream {
  return pick(
    streams.map((stream) => [stream, stream.weight] as const),
    random(batch * 104_729 + 3)(),
  );
}

export const linkTargets = [
  'https://shop.acme.example/deals?utm_source=email',
  'https://shop.acme.example/account/orders',
] as const;

/** The html and text of an inline stream's message (two tracked links). */
export function inlineContent(stream: Stream, subject: string) {
  return {
    from: stream.from,
    subject,
    html: `<html><body><h1>${subject}</h1><p>Hello {{name}},</p><p><a href="${linkTargets[0]}">See what is new</a></p><p><a href="${linkTargets[1]}">Your account</a></p></body></html>`,
    text: `Hello {{name}},\n\nSee what is new: ${linkTargets[0]}\nYour account: ${linkTargets[1]}\n`,
  };
}

/** A stored template's html and text (the same two links). */
export function templateContent(template: SeedTemplate) {
  return {
    from: template.from,
    subject: template.subject,
    html: `<html><body><h1>${template.name}</h1><p>Hello {{name}},</p><p><a href="${linkTargets[0]}">Open in the shop</a></p><p><a href="${linkTargets[1]}">Your orders</a></p></body></html>`,
    text: `Hello {{name}},\n\n${linkTargets[0]}\n${linkTargets[1]}\n`,
  };
}
