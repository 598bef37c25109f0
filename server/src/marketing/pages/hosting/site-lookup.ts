import type { Clock } from '../../../clock.ts';
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

/** What the sites read to answer a visitor, each answer kept two seconds. */
export function createSiteLookup(db: Db, clock: Clock) {
  const separator = '\u0000';
  return {
    companyOfSlug: memo(clock, (slug) => siteStore.companyOfSlug(db, slug)),
    companyOfHost: memo(clock, (host) => siteStore.companyOfHost(db, host)),
    pixels: memo(clock, (companyId) => integrationStore.get(db, companyId)),
    companyOfPage: memo(clock, (pageId) => pageStore.companyOfPublished(db, pageId)),
    /** The published page at `permalink` ('' the default page), or the company's default 404 page as `missing`. */
    page: memo(clock, async (key): Promise<{ found?: HostedPage; missing?: HostedPage }> => {
      const [companyId = '', permalink = ''] = key.split(separator);
      const found = await pageStore.hosted(db, companyId, permalink);
      if (found) return { found };
      const missing = await pageStore.hostedNotFound(db, companyId);
      return missing ? { missing } : {};
    }),
    key: (companyId: string, permalink: string) => `${companyId}${separator}${permalink}`,
  };
}

export type SiteLookup = ReturnType<typeof createSiteLookup>;
