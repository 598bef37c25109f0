import { randomBytes } from 'node:crypto';
import {
  type PageDomain,
  type PageDomainList,
  type PageIntegrations,
  pageDomainName,
  siteSlug,
} from '@app/contract/marketing/page-domains';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import { DomainError } from '../../../domain-error.ts';
import { isId } from '../../contacts/entity-id.ts';
import { certificateStore } from './certificates/certificate-store.ts';
import { type Certificates, issueCertificate } from './certificates/issue-certificate.ts';
import { integrationStore } from './integration-store.ts';
import { reservedSlugs, type SiteAddresses } from './site-addresses.ts';
import { type DomainRow, siteStore } from './site-store.ts';

export interface SiteServiceDeps {
  db: Db;
  clock: Clock;
  sites: SiteAddresses;
  /** The TXT records of a name (the DNS resolver's `txt`). */
  txtRecordsOf(name: string): Promise<string[]>;
  /** Where certificates come from (ACME), and the secret their keys are sealed with; none without ACME. */
  certificates?: Certificates | undefined;
}

/** The TXT record a domain's owner publishes to prove it: at `_pages-verification.{name}`. */
export const verificationHost = (name: string) => `_pages-verification.${name}`;
const verificationValue = (token: string) => `pages-verification=${token}`;

const domainNotFound = () => new DomainError('entityNotFound', 'Domain not found', { field: 'domain' });
const slugTaken = (slug: string) =>
  new DomainError('slugTaken', 'This slug is already taken', { field: 'slug', value: slug });

/** §7 /domains: the company's slug on the sites origin and its own domains, verified by DNS. */
export function createSiteService(deps: SiteServiceDeps) {
  const { db, clock, sites } = deps;

  const sslOf = (expiresAt: Date | undefined): PageDomain['ssl'] => ({
    status: !expiresAt ? 'none' : expiresAt.getTime() > clock.now().getTime() ? 'active' : 'expired',
    expiresAt: expiresAt?.toISOString() ?? null,
    available: deps.certificates !== undefined,
  });

  const answerOf = (row: DomainRow, expiresAt?: Date): PageDomain => ({
    domainId: row.id,
    name: row.name,
    validated: row.validated_at !== null,
    default: row.is_default,
    buyStatus: 'NOT_FOR_SALE',
    category: 'CUSTOM',
    verification: {
      type: 'TXT',
      host: verificationHost(row.name),
      value: verificationValue(row.verify_token),
    },
    target: sites.host,
    url: sites.domainUrl(row.name),
    ssl: sslOf(expiresAt),
    createdAt: row.created_at.toISOString(),
  });

  /** The domain's answer with its certificate's state, as the list has it. */
  const current = async (companyId: string, row: DomainRow) =>
    answerOf(row, (await certificateStore.expiries(db, companyId)).get(row.id));

  const rowOf = async (companyId: string, id: string) => {
    const row = isId(id) ? await siteStore.domain(db, companyId, id) : undefined;
    if (!row) throw domainNotFound();
    return row;
  };

  return {
    async list(companyId: string): Promise<PageDomainList> {
      const [where, rows, expiries] = await Promise.all([
        sites.of(companyId),
        siteStore.domains(db, companyId),
        certificateStore.expiries(db, companyId),
      ]);
      return {
        slug: where.slug,
        siteUrl: where.pageUrl('').replace(/\/$/, ''),
        certificates: deps.certificates !== undefined,
        items: rows.map((row) => answerOf(row, expiries.get(row.id))),
      };
    },

    /** §5: a slug is one company's; the sites' own paths are no one's. */
    async setSlug(companyId: string, input: string): Promise<PageDomainList> {
      const slug = siteSlug.parse(input);
      if (reservedSlugs.has(slug) || !(await siteStore.setSlug(db, companyId, slug))) throw slugTaken(slug);
      return this.list(companyId);
    },

    async add(companyId: string, input: string): Promise<PageDomain> {
      const name = pageDomainName.parse(input);
      const row = await siteStore.addDomain(
        db,
        companyId,
        name,
        randomBytes(16).toString('hex'),
        clock.now(),
      );
      if (!row)
        throw new DomainError('duplicate', 'This domain is already added', { field: 'name', value: name });
      return answerOf(row);
    },

    /** Looks the TXT record up; verified, the domain serves the company's pages (by its Host header). */
    async verify(companyId: string, id: string): Promise<PageDomain> {
      const row = await rowOf(companyId, id);
      if (row.validated_at) return answerOf(row);
      const records = await deps.txtRecordsOf(verificationHost(row.name)).catch((): string[] => []);
      if (!records.includes(verificationValue(row.verify_token))) {
        throw new DomainError(
          'state',
          `The TXT record ${verificationHost(row.name)} was not found with the value ${verificationValue(row.verify_token)}`,
          { field: 'domain' },
        );
      }
      if (!(await siteStore.setValidated(db, companyId, row.id, clock.now()))) {
        throw new DomainError('duplicate', 'Another account has verified this domain', { field: 'name' });
      }
      return current(companyId, await rowOf(companyId, row.id));
    },

    /** §4 make default: the page addresses the console shows use this domain. */
    async setDefault(companyId: string, id: string): Promise<PageDomain> {
      const row = await rowOf(companyId, id);
      if (!row.validated_at)
        throw new DomainError('state', 'Verify the domain before making it the default', { field: 'domain' });
      await db.transaction((tx) => siteStore.setDefault(tx, companyId, row.id));
      return current(companyId, await rowOf(companyId, row.id));
    },

    /**
     * §4 generate SSL: a certificate for the verified domain from the ACME server (HTTP-01: the ACME
     * server fetches its answer from the domain, which must point at the sites server on port 80).
     */
    async generateSsl(companyId: string, id: string): Promise<PageDomain> {
      const certificates = deps.certificates;
      if (!certificates) {
        throw new DomainError(
          'state',
          'This server does not issue certificates: ACME_DIRECTORY_URL is not set',
          {
            field: 'domain',
          },
        );
      }
      const row = await rowOf(companyId, id);
      if (!row.validated_at)
        throw new DomainError('state', 'Verify the domain before asking for its certificate', {
          field: 'domain',
        });
      const expiresAt = await issueCertificate(db, clock, certificates, row).catch((error: unknown) => {
        throw new DomainError('state', `The certificate could not be issued: ${(error as Error).message}`, {
          field: 'domain',
        });
      });
      return answerOf(row, expiresAt);
    },

    /** §3 the team's pixels, on its hosted pages only (Page Integration). */
    integrations: (companyId: string) => integrationStore.get(db, companyId),

    async setIntegrations(companyId: string, settings: PageIntegrations): Promise<PageIntegrations> {
      await integrationStore.put(db, companyId, settings, clock.now());
      return settings;
    },

    async remove(companyId: string, id: string): Promise<void> {
      if (!isId(id) || !(await siteStore.removeDomain(db, companyId, id))) throw domainNotFound();
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
