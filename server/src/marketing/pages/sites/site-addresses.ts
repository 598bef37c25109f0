import type { Db } from '../../../db/db.ts';
import type { CompanyDoor } from '../../company-door.ts';
import { siteStore } from './site-store.ts';

/** Where one company's pages are: on the sites origin, and on its default domain when it has one. */
export interface CompanySite {
  slug: string;
  pageUrl(permalink: string): string;
  domainPageUrl?: (permalink: string) => string;
}

export interface SiteAddresses {
  of(companyId: string): Promise<CompanySite>;
  /** The company's slug, made from its name with its first page. */
  ensureSlug(companyId: string): Promise<string>;
  shareUrl(token: string): string;
  /** The sites origin's host and port: where a custom domain points. */
  host: string;
  /** `name` as a custom domain's address, with the sites origin's scheme and port. */
  domainUrl(name: string): string;
}

/** First path segments the sites origin keeps for itself: no company's slug. */
export const reservedSlugs: ReadonlySet<string> = new Set(['embed', 'share', 'forms', 'health']);

/** A slug made of `name`: lower-case letters, digits and single hyphens, at most 40. */
export const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '') || 'site';

/** The sites origin's addresses (`sitesUrl`, e.g. http://127.0.0.1:8081) for each company. */
export function createSiteAddresses(deps: {
  db: Db;
  sitesUrl: string;
  company: Pick<CompanyDoor, 'name'>;
}): SiteAddresses {
  const { db, sitesUrl } = deps;
  const origin = new URL(sitesUrl);
  const domainUrl = (name: string) => `${origin.protocol}//${name}${origin.port ? `:${origin.port}` : ''}`;

  const ensureSlug = async (companyId: string) => {
    const existing = await siteStore.slugOf(db, companyId);
    if (existing) return existing;
    const made = slugOf(await deps.company.name(companyId));
    const base = reservedSlugs.has(made) ? `${made}-site` : made;
    for (let n = 1; n < 1000; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (await siteStore.setSlug(db, companyId, slug)) return slug;
      const now = await siteStore.slugOf(db, companyId);
      if (now) return now;
    }
    throw new Error(`no free slug for ${base}`);
  };

  return {
    ensureSlug,
    host: origin.host,
    shareUrl: (token) => `${sitesUrl}/share/${token}`,
    domainUrl,
    async of(companyId) {
      const [slug, domain] = await Promise.all([
        ensureSlug(companyId),
        siteStore.defaultDomain(db, companyId),
      ]);
      return {
        slug,
        pageUrl: (permalink) => `${sitesUrl}/${slug}/${permalink}`,
        ...(domain ? { domainPageUrl: (permalink: string) => `${domainUrl(domain.name)}/${permalink}` } : {}),
      };
    },
  };
}
