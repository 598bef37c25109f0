import { domainAnswer, domainParams } from '@app/contract/engine/common';
import {
  certificateCheckResult,
  certificateEnabled,
  results,
  type TrackingDomainView,
  trackingDomainCreateBody,
  trackingDomainListQuery,
  trackingDomainUpdateBody,
  trackingDomainVerifyResult,
  trackingDomainView,
} from '@app/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireGrant } from '../../http/principal.ts';
import type { Principal } from '../../principal.ts';
import type { TrackingDomainService } from './tracking-domain-service.ts';
import type { TrackingDomain, Viewer } from './tracking-domain-store.ts';

const tags = ['tracking-domains'];
const manage = requireGrant('tracking_domains/manage');
const view = requireGrant('tracking_domains/view');

const viewerOf = (principal: Principal): Viewer => ({
  companyId: principal.companyId,
  subaccountId: principal.subaccountId,
  isMaster: principal.isMaster,
});

const statusOf = (domain: TrackingDomain) => ({
  verified: domain.cnameStatus === 'valid',
  cname_status: domain.cnameStatus,
  compliance_status: 'valid' as const,
  tls_status: domain.tls.status,
  ...(domain.usesManagedCertificate && domain.tls.error ? { tls_error: domain.tls.error } : {}),
});

function viewOf(domain: TrackingDomain): TrackingDomainView {
  return {
    domain: domain.domain,
    port: domain.secure ? 443 : 80,
    secure: domain.secure,
    default: domain.isDefault,
    status: statusOf(domain),
    ...(domain.subaccountId !== 0 ? { subaccount_id: domain.subaccountId } : {}),
    uses_managed_certificate: domain.usesManagedCertificate,
    ...(domain.usesManagedCertificate && domain.tls.issuedAt && domain.tls.expiresAt
      ? {
          tls_certificate: {
            issued_at: domain.tls.issuedAt.toISOString(),
            expires_at: domain.tls.expiresAt.toISOString(),
            error_code: null,
          },
        }
      : {}),
  };
}

/** `/api/v1/tracking-domains`, as SparkPost documents it: management and CNAME verification. */
export function trackingDomainRoutes({
  trackingDomains,
}: {
  trackingDomains: TrackingDomainService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/tracking-domains',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Create a tracking domain (verify its CNAME before it can be the default)',
          body: trackingDomainCreateBody,
          response: { 200: results(domainAnswer) },
        },
      },
      async (request) => {
        const domain = await trackingDomains.create(viewerOf(principalOf(request)), request.body);
        return { results: { domain: domain.domain } };
      },
    );

    app.get(
      '/tracking-domains',
      {
        onRequest: view,
        schema: {
          tags,
          summary:
            "The account's tracking domains (the master's: every account's), by default flag and subaccount",
          querystring: trackingDomainListQuery,
          response: { 200: results(z.array(trackingDomainView)) },
        },
      },
      async (request) => {
        const { default: isDefault, subaccounts } = request.query;
        const domains = await trackingDomains.list(viewerOf(principalOf(request)), {
          ...(isDefault !== undefined ? { isDefault } : {}),
          ...(subaccounts ? { subaccounts } : {}),
        });
        return { results: domains.map(viewOf) };
      },
    );

    app.get(
      '/tracking-domains/:domain',
      {
        onRequest: view,
        schema: {
          tags,
          summary: 'One tracking domain, with the CNAME record to publish (and why the last check failed)',
          params: domainParams,
          response: { 200: results(trackingDomainView) },
        },
      },
      async (request) => {
        const domain = await trackingDomains.get(viewerOf(principalOf(request)), request.params.domain);
        const record = trackingDomains.recordOf(domain.domain);
        return {
          results: {
            ...viewOf(domain),
            dns: {
              cname_record: record.name,
              cname_value: record.value,
              ...(domain.cnameError ? { cname_error: domain.cnameError } : {}),
            },
          },
        };
      },
    );

    app.put(
      '/tracking-domains/:domain',
      {
        onRequest: manage,
        schema: {
          tags,
          summary:
            'Change HTTPS use or make it the default (a verified domain only; the previous default steps down)',
          params: domainParams,
          body: trackingDomainUpdateBody,
          response: { 200: results(domainAnswer) },
        },
      },
      async (request) => {
        const domain = await trackingDomains.update(
          viewerOf(principalOf(request)),
          request.params.domain,
          request.body,
        );
        return { results: { domain: domain.domain } };
      },
    );

    app.delete(
      '/tracking-domains/:domain',
      { onRequest: manage, schema: { tags, summary: 'Delete a tracking domain', params: domainParams } },
      async (request, reply) => {
        await trackingDomains.remove(viewerOf(principalOf(request)), request.params.domain);
        return reply.status(204).send();
      },
    );

    app.post(
      '/tracking-domains/:domain/verify',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: "Look up the domain's CNAME now: it must point at this server's public host",
          params: domainParams,
          response: { 200: results(trackingDomainVerifyResult) },
        },
      },
      async (request) => {
        const { domain, record, found } = await trackingDomains.verify(
          viewerOf(principalOf(request)),
          request.params.domain,
        );
        return {
          results: {
            ...statusOf(domain),
            dns: {
              cname_record: record.name,
              cname_value: record.value,
              ...(domain.cnameError ? { cname_error: domain.cnameError } : {}),
              ...(found !== undefined ? { cname_found: found } : {}),
            },
          },
        };
      },
    );
    app.post(
      '/tracking-domains/:domain/certificate/enable',
      {
        onRequest: manage,
        schema: {
          tags,
          summary:
            'Serve the verified domain over https with a certificate from the TLS terminator in front of this server, and check that it answers',
          params: domainParams,
          response: { 200: results(certificateEnabled) },
        },
      },
      async (request) => {
        const domain = await trackingDomains.enableCertificate(
          viewerOf(principalOf(request)),
          request.params.domain,
        );
        return { results: { message: `Certificate issuance initiated for ${domain.domain}` } };
      },
    );

    app.post(
      '/tracking-domains/:domain/certificate/check',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: "Whether a trusted certificate for the name answers at this server's HTTPS endpoint now",
          params: domainParams,
          response: { 200: results(certificateCheckResult) },
        },
      },
      async (request) => {
        const { domain, check } = await trackingDomains.checkCertificate(
          viewerOf(principalOf(request)),
          request.params.domain,
        );
        return {
          results: {
            domain: domain.domain,
            supportsManagedCertificate: check.outcome === 'valid',
            ...('error' in check ? { reason: check.error } : {}),
          },
        };
      },
    );
  };
}
