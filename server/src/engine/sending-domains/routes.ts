import { domainParams } from '@app/contract/engine/common';
import {
  results,
  type SendingDomainDns,
  type SendingDomainStatus,
  type SendingDomainSummary,
  type SendingDomainView,
  sendingDomainCreateBody,
  sendingDomainCreated,
  sendingDomainListQuery,
  sendingDomainSummary,
  sendingDomainUpdateBody,
  sendingDomainVerifyBody,
  sendingDomainVerifyResult,
  sendingDomainView,
} from '@app/contract/engine/index';
import { sendingDomainUpdated } from '@app/contract/engine/sending-domains';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireGrant } from '../../http/principal.ts';
import type { Principal } from '../../principal.ts';
import type { SendingDomainService, Verification } from './sending-domain-service.ts';
import type { SendingDomain, Viewer } from './sending-domain-store.ts';

const tags = ['sending-domains'];
const manage = requireGrant('sending_domains/manage');

export const viewerOf = (principal: Principal): Viewer => ({
  companyId: principal.companyId,
  subaccountId: principal.subaccountId,
  isMaster: principal.isMaster,
});

function statusOf(domain: SendingDomain): SendingDomainStatus {
  return {
    ownership_verified: domain.dkimStatus === 'valid' || domain.cnameStatus === 'valid',
    dkim_status: domain.dkimStatus,
    cname_status: domain.cnameStatus,
    mx_status: 'unverified',
    spf_status: domain.spfStatus,
    dmarc_status: domain.dmarcStatus,
    compliance_status: 'valid',
    abuse_at_status: 'unverified',
    postmaster_at_status: 'unverified',
    verification_mailbox_status: 'unverified',
  };
}

function fieldsOf(domain: SendingDomain) {
  return {
    ...(domain.trackingDomain ? { tracking_domain: domain.trackingDomain } : {}),
    status: statusOf(domain),
    shared_with_subaccounts: domain.sharedWithSubaccounts,
    is_default_bounce_domain: domain.isDefaultBounceDomain,
    ...(domain.subaccountId !== 0 ? { subaccount_id: domain.subaccountId } : {}),
    creation_time: domain.createdAt.toISOString(),
  };
}

const dkimOf = (domain: SendingDomain) => ({
  signing_domain: domain.dkim.signingDomain,
  public: domain.dkim.publicKey,
  selector: domain.dkim.selector,
  headers: domain.dkim.headers,
});

function dnsOf(verification: Verification): SendingDomainDns {
  const dns: SendingDomainDns = {};
  for (const [kind, { record, result }] of Object.entries(verification.checks)) {
    const k = kind as 'dkim' | 'cname' | 'spf' | 'dmarc';
    dns[`${k}_record`] = record.name;
    dns[`${k}_value`] = record.value;
    if (result.status === 'invalid') {
      dns[`${k}_error`] = result.error;
      if (result.found !== undefined) dns[`${k}_found`] = result.found;
    }
  }
  return dns;
}

/** `/api/v1/sending-domains`, as SparkPost documents it (bounce domains are sending domains verified by CNAME). */
export function sendingDomainRoutes({
  sendingDomains,
}: {
  sendingDomains: SendingDomainService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/sending-domains',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Create a sending domain with a new DKIM key pair (or the one given)',
          body: sendingDomainCreateBody,
          response: { 200: results(sendingDomainCreated) },
        },
      },
      async (request) => {
        const domain = await sendingDomains.create(viewerOf(principalOf(request)), request.body);
        const showKey = request.body.generate_dkim || request.body.dkim !== undefined;
        return {
          results: {
            message: 'Successfully Created domain.',
            domain: domain.domain,
            ...(showKey ? { dkim: dkimOf(domain) } : {}),
          },
        };
      },
    );

    app.get(
      '/sending-domains',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: "The account's sending domains; for a subaccount also the master's shared ones",
          querystring: sendingDomainListQuery,
          response: { 200: results(z.array(sendingDomainSummary)) },
        },
      },
      async (request) => {
        const query = request.query;
        // Statuses this platform never sets: asking for another value finds nothing.
        const impossible =
          (query.mx_status !== undefined && query.mx_status !== 'unverified') ||
          (query.abuse_at_status !== undefined && query.abuse_at_status !== 'unverified') ||
          (query.postmaster_at_status !== undefined && query.postmaster_at_status !== 'unverified') ||
          (query.compliance_status !== undefined && query.compliance_status !== 'valid');
        if (impossible) return { results: [] };
        const domains = await sendingDomains.list(viewerOf(principalOf(request)), {
          ...(query.ownership_verified !== undefined ? { ownershipVerified: query.ownership_verified } : {}),
          ...(query.dkim_status ? { dkimStatus: query.dkim_status } : {}),
          ...(query.cname_status ? { cnameStatus: query.cname_status } : {}),
          ...(query.is_default_bounce_domain !== undefined
            ? { isDefaultBounceDomain: query.is_default_bounce_domain }
            : {}),
        });
        const shown: SendingDomainSummary[] = domains.map((domain) => ({
          domain: domain.domain,
          ...fieldsOf(domain),
        }));
        return { results: shown };
      },
    );

    app.get(
      '/sending-domains/:domain',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'One sending domain: statuses, the DKIM public key and the DNS records to publish',
          params: domainParams,
          response: { 200: results(sendingDomainView) },
        },
      },
      async (request) => {
        const domain = await sendingDomains.get(viewerOf(principalOf(request)), request.params.domain);
        const records = sendingDomains.records(domain);
        const shown: SendingDomainView = {
          ...fieldsOf(domain),
          dkim: dkimOf(domain),
          dns: {
            dkim_record: records.dkim.name,
            dkim_value: records.dkim.value,
            cname_record: records.cname.name,
            cname_value: records.cname.value,
            spf_record: records.spf.name,
            spf_value: records.spf.value,
            dmarc_record: records.dmarc.name,
            dmarc_value: records.dmarc.value,
          },
        };
        return { results: shown };
      },
    );

    app.put(
      '/sending-domains/:domain',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Change a sending domain: default bounce domain, sharing, tracking domain, DKIM key',
          params: domainParams,
          body: sendingDomainUpdateBody,
          response: { 200: results(sendingDomainUpdated) },
        },
      },
      async (request) => {
        const domain = await sendingDomains.update(
          viewerOf(principalOf(request)),
          request.params.domain,
          request.body,
        );
        return { results: { message: 'Successfully Updated Domain.', domain: domain.domain } };
      },
    );

    app.delete(
      '/sending-domains/:domain',
      {
        onRequest: manage,
        schema: { tags, summary: 'Delete a sending domain', params: domainParams },
      },
      async (request, reply) => {
        await sendingDomains.remove(viewerOf(principalOf(request)), request.params.domain);
        return reply.status(204).send();
      },
    );

    app.post(
      '/sending-domains/:domain/verify',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Look up the DKIM, CNAME, SPF or DMARC record now and record what was found',
          params: domainParams,
          body: sendingDomainVerifyBody,
          response: { 200: results(sendingDomainVerifyResult) },
        },
      },
      async (request) => {
        const verification = await sendingDomains.verify(
          viewerOf(principalOf(request)),
          request.params.domain,
          request.body,
        );
        const checked = Object.keys(verification.checks).length > 0;
        return {
          results: {
            ...statusOf(verification.domain),
            ...(checked ? { dns: dnsOf(verification) } : {}),
          },
        };
      },
    );
  };
}
