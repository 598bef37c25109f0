import { envelope } from '@app/contract/common';
import { idParams } from '@app/contract/marketing/contacts';
import {
  type PageDomain,
  pageDomain,
  pageDomainBody,
  pageDomainList,
  pageIntegrations,
  siteSlugBody,
} from '@app/contract/marketing/page-domains';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../../http/auth.ts';
import type { SiteService } from './site-service.ts';

const tags = ['pages'];

/** §7 /domains: where the company's pages are served (its slug, its own domains); changes need pages.manage. */
export function siteRoutes(deps: {
  guards: Pick<AuthGuards, 'full'>;
  sites: SiteService;
}): FastifyPluginAsyncZod {
  const { guards, sites } = deps;
  const manage = [guards.full, requirePermission('pages.manage')];
  return async (app) => {
    app.get(
      '/domains',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "The company's slug on the sites origin and its page domains",
          security: bearerSecurity,
          response: { 200: envelope(pageDomainList) },
        },
      },
      async (request) => ({ data: await sites.list(sessionOf(request).companyId) }),
    );

    app.put(
      '/domains/slug',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Change the slug (§5: unique; slugTaken when it is not free)',
          security: bearerSecurity,
          body: siteSlugBody,
          response: { 200: envelope(pageDomainList) },
        },
      },
      async (request) => ({ data: await sites.setSlug(sessionOf(request).companyId, request.body.slug) }),
    );

    app.post(
      '/domains',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Add a domain; publish its TXT record, point it at the sites origin, then verify',
          security: bearerSecurity,
          body: pageDomainBody,
          response: { 201: envelope(pageDomain) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await sites.add(sessionOf(request).companyId, request.body.name) }),
    );

    const action = (
      path: string,
      summary: string,
      run: (companyId: string, id: string) => Promise<PageDomain>,
    ) =>
      app.post(
        path,
        {
          onRequest: manage,
          schema: {
            tags,
            summary,
            security: bearerSecurity,
            params: idParams,
            response: { 200: envelope(pageDomain) },
          },
        },
        async (request) => ({ data: await run(sessionOf(request).companyId, request.params.id) }),
      );
    action(
      '/domains/:id/verify',
      'Look the TXT record up; verified, the domain serves the pages by its Host header',
      (c, id) => sites.verify(c, id),
    );
    action(
      '/domains/:id/ssl',
      '§4 generate SSL: a certificate from the ACME server (HTTP-01) for the verified domain',
      (c, id) => sites.generateSsl(c, id),
    );
    action(
      '/domains/:id/default',
      'Make a verified domain the one page addresses use (§4 make default)',
      (c, id) => sites.setDefault(c, id),
    );

    app.get(
      '/pages/integrations',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary:
            "The company's pixels on its hosted pages (Meta Pixel, Google Analytics 4, Tag Manager, LinkedIn)",
          security: bearerSecurity,
          response: { 200: envelope(pageIntegrations) },
        },
      },
      async (request) => ({ data: await sites.integrations(sessionOf(request).companyId) }),
    );

    app.put(
      '/pages/integrations',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Set the pixels: each hosted page loads them, and its policy allows their hosts',
          security: bearerSecurity,
          body: pageIntegrations,
          response: { 200: envelope(pageIntegrations) },
        },
      },
      async (request) => ({ data: await sites.setIntegrations(sessionOf(request).companyId, request.body) }),
    );

    app.delete(
      '/domains/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Remove a domain: its pages are no longer served there',
          security: bearerSecurity,
          params: idParams,
        },
      },
      async (request, reply) => {
        await sites.remove(sessionOf(request).companyId, request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
