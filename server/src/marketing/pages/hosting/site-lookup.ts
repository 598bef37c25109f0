import type { Clock } from '../../../clock.ts';
import { disqusMarker } from '../../../content/email-designs/render/blocks/page-blocks.ts';
import { popupMarker } from '../../../content/email-designs/render/popup-row.ts';
import type { Db } from '../../../db/db.ts';
import { type HostedPage, pageStore } from '../page-store.ts';
import { integrationStore } from '../sites/integration-store.ts';
import { siteStore } from '../sites/site-store.ts';

/** How long a site's answer is reused: a publish shows within this time on every process. */
const freshMs = 2_000;
const maxEntries = 10_000;

interface Entry<T> {
  value: T;
  until: number;
}

/** A small time-limited memo: hot pages cost no query; it is cleared whole when full. */
export function memo<T>(clock: Clock, load: (key: string) => Promise<T>) {
  const entries = new Map<string, Entry<T>>();
  return async (key: string): Promise<T> => {
    const now = clock.now().getTime();
    const hit = entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = await load(key);
    if (entries.size >= maxEntries) entries.clear();
    entries.set(key, { value, until: now + freshMs });
    return value;
  };
}

/** A published page as the sites serve it: what its HTML needs loaded beside it, read once per load. */
export interface SitePage extends HostedPage {
  /** A Disqus block: Disqus's hosts allowed, its loader added. */
  comments: boolean;
  /** A popup row: the popup loader added. */
  popup: boolean;
}

const sitePageOf = (page: HostedPage | undefined): SitePage | undefined =>
  page && {
    ...page,
    comments: page.published_html.includes(disqusMarker),
    popup: page.published_html.includes(popupMarker),
  };

/** What the sites read to answer a visitor, each answer kept two seconds. */
export function createSiteLookup(db: Db, clock: Clock) {
  const separator = '\u0000';
  return {
    companyOfSlug: memo(clock, (slug) => siteStore.companyOfSlug(db, slug)),
    companyOfHost: memo(clock, (host) => siteStore.companyOfHost(db, host)),
    pixels: memo(clock, (companyId) => integrationStore.get(db, companyId)),
    companyOfPage: memo(clock, (pageId) => pageStore.companyOfPublished(db, pageId)),
    /** The published page at `permalink` ('' the default page), or the company's default 404 page as `missing`. */
    page: memo(clock, async (key): Promise<{ found?: SitePage; missing?: SitePage }> => {
      const [companyId = '', permalink = ''] = key.split(separator);
      const found = sitePageOf(await pageStore.hosted(db, companyId, permalink));
      if (found) return { found };
      const missing = sitePageOf(await pageStore.hostedNotFound(db, companyId));
      return missing ? { missing } : {};
    }),
    key: (companyId: string, permalink: string) => `${companyId}${separator}${permalink}`,
  };
}

export type SiteLookup = ReturnType<typeof createSiteLookup>;
