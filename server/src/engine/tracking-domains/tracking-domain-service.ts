import type { DnsResolver } from '../../dns/resolver.ts';
import { EngineError, notFound } from '../../engine-error.ts';
import type { DnsRecord } from '../sending-domains/dns-records.ts';
import { checkCname } from '../sending-domains/verify-dns.ts';
import type { CertificateCheck, CertificateProbe } from './certificate-probe.ts';
import type {
  TlsState,
  TrackingDomain,
  TrackingDomainFilter,
  TrackingDomainStore,
  Viewer,
} from './tracking-domain-store.ts';

export interface TrackingVerification {
  domain: TrackingDomain;
  record: DnsRecord;
  /** The CNAME target found, when it is not this server's host. */
  found: string | undefined;
}

/** SparkPost's tls_status for what a check found: a terminator that does not serve the name yet is pending. */
function tlsStateOf(check: CertificateCheck): TlsState {
  const dates = {
    issuedAt: 'issuedAt' in check ? check.issuedAt : undefined,
    expiresAt: 'expiresAt' in check ? check.expiresAt : undefined,
  };
  switch (check.outcome) {
    case 'valid':
      return { status: 'valid', error: undefined, ...dates };
    case 'expired':
      return { status: 'expired', error: check.error, ...dates };
    case 'invalid':
      return { status: 'failed', error: check.error, ...dates };
    default:
      return { status: 'pending', error: check.error, ...dates };
  }
}

export type TrackingDomainService = ReturnType<typeof createTrackingDomainService>;

/**
 * Tracking domains: host names the owner points at this server with a CNAME (`trackingHost`, the host
 * of PUBLIC_URL), verified through the platform's resolvers; the tracking routes answer on them.
 * A managed certificate is the operator's: this server issues none (no ACME client), so enabling one
 * turns https on and `probe` asks the server's own HTTPS endpoint for the name, on enabling and on
 * each verification; tls_status is what it found, valid only once a trusted certificate for the
 * name answers.
 */
export function createTrackingDomainService(deps: {
  store: TrackingDomainStore;
  dns: DnsResolver;
  trackingHost: string;
  probe: CertificateProbe;
}) {
  const { store, dns, trackingHost, probe } = deps;
  const recordOf = (domain: string): DnsRecord => ({ name: domain, type: 'CNAME', value: trackingHost });

  async function owned(viewer: Viewer, name: string): Promise<TrackingDomain> {
    const domain = await store.owned(viewer, name);
    if (!domain) throw notFound(`Tracking domain '${name.toLowerCase()}' does not exist`);
    return domain;
  }

  const unverified = (name: string) =>
    new EngineError(
      'invalid',
      `Tracking domain '${name}' unverified. Publish its CNAME record and verify it before making it the default.`,
    );

  /** Asks for the domain's certificate now and records what answered. */
  async function checkTls(companyId: string, domain: TrackingDomain): Promise<TrackingDomain> {
    const state = tlsStateOf(await probe(domain.domain));
    return (await store.setTls(companyId, domain.domain, state)) ?? domain;
  }

  return {
    recordOf,

    async create(
      viewer: Viewer,
      input: { domain: string; secure: boolean; default: boolean },
    ): Promise<TrackingDomain> {
      const name = input.domain.toLowerCase();
      // Only a verified domain may be the default, and a new one is not verified yet.
      if (input.default) throw unverified(name);
      const outcome = await store.create(viewer.companyId, viewer.subaccountId, {
        domain: name,
        secure: input.secure,
      });
      if (outcome === 'exists') throw new EngineError('exists', 'The tracking domain already exists');
      if (outcome === 'tooMany') {
        throw new EngineError('invalidParams', 'This account has as many tracking domains as it may have');
      }
      return owned({ ...viewer, isMaster: false }, name);
    },

    list: (viewer: Viewer, filter: TrackingDomainFilter) => store.list(viewer, filter),

    get: owned,

    async update(
      viewer: Viewer,
      name: string,
      input: { secure?: boolean | undefined; default?: boolean | undefined },
    ): Promise<TrackingDomain> {
      const domain = await owned(viewer, name);
      if (input.default && domain.cnameStatus !== 'valid') throw unverified(domain.domain);
      const updated = await store.update(viewer, domain.domain, {
        ...(input.secure !== undefined ? { secure: input.secure } : {}),
        ...(input.default !== undefined ? { isDefault: input.default } : {}),
      });
      if (!updated) throw notFound(`Tracking domain '${domain.domain}' does not exist`);
      return updated;
    },

    async remove(viewer: Viewer, name: string): Promise<void> {
      const domain = await owned(viewer, name);
      if (!(await store.remove(viewer, domain.domain))) {
        throw notFound(`Tracking domain '${domain.domain}' does not exist`);
      }
    },

    /** Looks up the CNAME now and records what was found, with the reason when it is wrong. */
    async verify(viewer: Viewer, name: string): Promise<TrackingVerification> {
      const domain = await owned(viewer, name);
      const record = recordOf(domain.domain);
      const result = await checkCname(dns, record);
      if (result.status === 'invalid' && result.lookupFailed) {
        // DNS did not answer: say so, and keep what the last answer proved (status, default, the name).
        const kept = await store.setError(viewer.companyId, domain.domain, result.error);
        if (!kept) throw notFound(`Tracking domain '${domain.domain}' does not exist`);
        return { domain: kept, record, found: undefined };
      }
      let status: TrackingDomain['cnameStatus'] = result.status;
      let error = result.status === 'invalid' ? result.error : undefined;
      const takenError = `${domain.domain} is already verified as a tracking domain by another account`;
      if (status === 'valid' && (await store.verifiedElsewhere(viewer.companyId, domain.domain))) {
        status = 'invalid';
        error = takenError;
      }
      let after: TrackingDomain | undefined;
      try {
        after = await store.setStatus(viewer.companyId, domain.domain, status, error);
      } catch (failure) {
        // Another company verified the same name at the same moment (the unique index said so).
        if (status !== 'valid') throw failure;
        after = await store.setStatus(viewer.companyId, domain.domain, 'invalid', takenError);
      }
      if (!after) throw notFound(`Tracking domain '${domain.domain}' does not exist`);
      const found = result.status === 'invalid' ? result.found : undefined;
      const checked = after.usesManagedCertificate ? await checkTls(viewer.companyId, after) : after;
      return { domain: checked, record, found };
    },

    /** https on 443 with a certificate the operator's terminator serves; only for a CNAME-verified domain. */
    async enableCertificate(viewer: Viewer, name: string): Promise<TrackingDomain> {
      const domain = await owned(viewer, name);
      const enabled = await store.enableCertificate(viewer, domain.domain);
      if (!enabled) {
        // The reference says this in the headline itself.
        const text = 'Domain must be verified before enabling managed certificates';
        throw new EngineError('invalidParams', text, { summary: text, headlineOnly: true });
      }
      return checkTls(viewer.companyId, enabled);
    },

    /**
     * Whether a trusted certificate for the name answers at this server's HTTPS endpoint now (any
     * domain of the viewer's, verified or not); changes nothing.
     */
    async checkCertificate(
      viewer: Viewer,
      name: string,
    ): Promise<{ domain: TrackingDomain; check: CertificateCheck }> {
      const domain = await owned(viewer, name);
      const check = await probe(domain.domain);
      if (check.outcome === 'timeout') {
        throw new EngineError('remoteTimeout', check.error, {
          summary: 'Certificate eligibility check timed out',
        });
      }
      return { domain, check };
    },
  };
}
