import type { SecureContext } from 'node:tls';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Notifier } from '../accounts/notifications/notification-store.ts';
import type { Clock } from '../clock.ts';
import { designStore } from '../content/email-designs/design-store.ts';
import type { RenderDesign } from '../content/email-designs/render/render-design.ts';
import type { FileStore } from '../content/media/file-store.ts';
import type { MediaStore } from '../content/media/media-store.ts';
import type { Db } from '../db/db.ts';
import type { ClaimHolder } from '../db/token-lease.ts';
import type { MarketingEngine, WebhookPoster } from '../engine/interfaces.ts';
import type { AuthGuards } from '../http/auth.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ReportError } from '../report-error.ts';
import { abTestRoutes } from './campaigns/ab-tests/ab-test-routes.ts';
import { createAbTestService } from './campaigns/ab-tests/ab-test-service.ts';
import { campaignAudienceUsers } from './campaigns/campaign-audience-users.ts';
import { campaignRoutes } from './campaigns/campaign-routes.ts';
import { createCampaignRunner } from './campaigns/campaign-runner.ts';
import { createCampaignService } from './campaigns/campaign-service.ts';
import { categoryRoutes } from './campaigns/categories/category-routes.ts';
import { createCategoryService } from './campaigns/categories/category-service.ts';
import type { RecipientLinks } from './campaigns/recipient-pages/recipient-links.ts';
import { recipientPageRoutes } from './campaigns/recipient-pages/recipient-page-routes.ts';
import { createRecipientPageService } from './campaigns/recipient-pages/recipient-page-service.ts';
import { createReportFollower } from './campaigns/reports/report-follower.ts';
import { reportRoutes } from './campaigns/reports/report-routes.ts';
import { createReportService } from './campaigns/reports/report-service.ts';
import { voucherRoutes } from './campaigns/vouchers/voucher-routes.ts';
import { createVoucherService } from './campaigns/vouchers/voucher-service.ts';
import type { CompanyDoor } from './company-door.ts';
import { createAudiences } from './contacts/audience/audience.ts';
import { contactRoutes } from './contacts/contact-routes.ts';
import { createContactService } from './contacts/contact-service.ts';
import { createEngagementFollower } from './contacts/engagement/engagement-follower.ts';
import { contactExportRoutes } from './contacts/exports/export-routes.ts';
import { createContactExportRunner } from './contacts/exports/export-runner.ts';
import { createContactExportService } from './contacts/exports/export-service.ts';
import { fieldRoutes } from './contacts/field-routes.ts';
import { createFieldService } from './contacts/field-service.ts';
import { importRoutes } from './contacts/imports/import-routes.ts';
import { createImportRunner } from './contacts/imports/import-runner.ts';
import { createImportService } from './contacts/imports/import-service.ts';
import { labelRoutes } from './contacts/label-routes.ts';
import { createLabelService } from './contacts/label-service.ts';
import { segmentRoutes } from './contacts/segments/segment-routes.ts';
import { createSegmentService } from './contacts/segments/segment-service.ts';
import { createSignUps } from './contacts/subscription/sign-ups.ts';
import { subscriptionRoutes } from './contacts/subscription/subscription-routes.ts';
import { createSubscriptionService } from './contacts/subscription/subscription-service.ts';
import { createSuppressionFollower } from './contacts/subscription/suppression-follower.ts';
import { dashboardRoutes } from './dashboard/dashboard-routes.ts';
import { createDashboardService } from './dashboard/dashboard-service.ts';
import { fileRoutes } from './files/routes.ts';
import { type CaptchaWork, createFormCaptcha, purgeSpentCaptchas } from './forms/form-captcha.ts';
import { formRoutes } from './forms/form-routes.ts';
import { createFormService } from './forms/form-service.ts';
import { formStore } from './forms/form-store.ts';
import { createFormSubmitService } from './forms/form-submit-service.ts';
import { createFormUploads } from './forms/form-uploads.ts';
import { createFormWebhookRunner } from './forms/form-webhook-runner.ts';
import { hostedFormRoutes } from './forms/hosted-form-routes.ts';
import { publicFormRoutes } from './forms/public-form-routes.ts';
import { createPublishedForms } from './forms/published-forms.ts';
import type { SubmitLimits } from './forms/submit-limiter.ts';
import {
  captchaSecretSealer,
  createCaptchaVerifier,
  type ThirdPartyCaptcha,
} from './forms/third-party-captcha.ts';
import { pageHostingRoutes } from './pages/hosting/page-hosting-routes.ts';
import { createSiteLookup, memo } from './pages/hosting/site-lookup.ts';
import { sitePolicy } from './pages/hosting/site-policy.ts';
import { pageRoutes } from './pages/page-routes.ts';
import { createPageService } from './pages/page-service.ts';
import { createAcmeIssuer } from './pages/sites/certificates/acme-issuer.ts';
import { certificateStore } from './pages/sites/certificates/certificate-store.ts';
import { type Certificates, renewCertificates } from './pages/sites/certificates/issue-certificate.ts';
import { createTlsContexts } from './pages/sites/certificates/tls-contexts.ts';
import { createSiteAddresses } from './pages/sites/site-addresses.ts';
import { siteRoutes } from './pages/sites/site-routes.ts';
import { createSiteService } from './pages/sites/site-service.ts';
import { createCountryLookup } from './pages/visits/country-lookup.ts';
import { createVisitRecorder } from './pages/visits/visit-recorder.ts';
import { senderRoutes } from './senders/routes.ts';
import { senderDoorOf } from './senders/sender-door.ts';
import { createSenderService, type SenderServiceDeps } from './senders/sender-service.ts';
import { templateAreasOf } from './templates/template-areas.ts';
import { templateRoutes } from './templates/template-routes.ts';
import { createTemplateService } from './templates/template-service.ts';

export interface MarketingDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  guards: Pick<AuthGuards, 'full'>;
  /** The engine's doors for marketing; nothing else of the engine. */
  engine: MarketingEngine;
  media: MediaStore;
  /** Where the files visitors attach to forms are kept (apart from the company's File Manager). */
  formFiles: FileStore;
  company: CompanyDoor;
  /** The TXT records of a domain (the DNS resolver's `txt`): a sender's SPF is read live. */
  spfRecordsOf: SenderServiceDeps['spfRecordsOf'];
  /** Where contact import files wait for their import (under DATA_DIR). */
  importDir: string;
  /** Turns a block design into mail (a campaign designed in the editor). */
  renderDesign: RenderDesign;
  /** The signed links of a campaign reader's pages (view in browser, subscription…). */
  links: RecipientLinks;
  /** The install's secret: forms' captcha challenges are signed with a key derived from it. */
  secret: string;
  /** A form's captcha work (tests ask little) and the public submit's rate limits. */
  forms: {
    captchaWork: CaptchaWork;
    submitLimits: SubmitLimits;
    /** Where the captcha providers check tokens (their own addresses; tests give a local one). */
    captchaVerifyUrls?: Record<ThirdPartyCaptcha, string> | undefined;
  };
  /** The sites origin's address, and an MMDB country file instead of the bundled one (page reports). */
  sites: {
    url: string;
    geoipDb?: string | undefined;
    acme?: { directoryUrl: string; email?: string | undefined; caFile?: string | undefined } | undefined;
  };
  reportError: ReportError;
}

/** What the marketing workers need beyond the routes' doors. */
export interface MarketingWorkerDeps
  extends Pick<
    MarketingDeps,
    'db' | 'clock' | 'engine' | 'company' | 'renderDesign' | 'links' | 'formFiles'
  > {
  /** Tells a user an export is ready (the notifications domain). */
  notify: Notifier['notify'];
  /** Where written contact exports wait for their download (under DATA_DIR). */
  exportDir: string;
  /** How long an import slice aims to take and rests: shorter on PGlite, whose one connection the neighbours wait for. */
  importSlices?: { sliceMs: number; restMs: number };
  /** Renews the custom domains' certificates before they end (ACME); none without it. */
  certificates?: Certificates;
  /** Posts forms' submissions to their webhook URLs (the engine's webhook client); without it none are posted. */
  formWebhooks?: WebhookPoster;
  /**
   * This process among the worker processes (main.ts gives the engine's worker presence): an import or
   * export held by a process found dead is taken up at once. Without one, when its claim lapses.
   */
  holder?: ClaimHolder;
}

/**
 * The marketing half's composition root: each area's routes built from the engine's narrow
 * interfaces and the content stores. `api` the app registers under /v1 with the console session;
 * `public`, the pages a campaign's reader opens from the mail, at the root without one.
 */
export function marketingRoutes(deps: MarketingDeps): {
  api: FastifyPluginAsyncZod[];
  public: FastifyPluginAsync;
  /** What the sites origin serves: published pages and the forms' public API. */
  sites: FastifyPluginAsync;
  /** Writes the page views still waiting. */
  stop(): Promise<void>;
  /** The TLS context of a custom domain with a certificate (the sites' HTTPS listener's SNI). */
  tlsContextOf(servername: string): Promise<SecureContext | undefined>;
} {
  const {
    db,
    clock,
    mailer,
    publicUrl,
    guards,
    engine,
    media,
    spfRecordsOf,
    company,
    importDir,
    renderDesign,
    links,
    secret,
  } = deps;
  const audienceUsers = campaignAudienceUsers(db);
  const segments = createSegmentService({ db, clock, company, audienceUsers });
  const audiences = createAudiences({ db, segmentCondition: segments.segmentCondition });
  const categories = createCategoryService({ db, clock });
  const reports = createReportService({ db });
  const contacts = createContactService({
    db,
    clock,
    company,
    engine,
    segmentCondition: segments.segmentCondition,
    reportCondition: reports.reportCondition,
  });
  const subscriptions = createSubscriptionService({ db, clock, company, engine, contacts });
  const labels = createLabelService({ db, clock, company, audienceUsers });
  const senders = senderDoorOf(db);
  const fields = createFieldService({ db, clock, company });
  const vouchers = createVoucherService({ db, clock, labels, contacts });
  const campaigns = createCampaignService({
    db,
    clock,
    company,
    audiences,
    senders,
    renderDesign,
    engine,
    categories,
    vouchers,
    links,
  });
  const siteAddresses = createSiteAddresses({ db, sitesUrl: deps.sites.url, company });
  const pageService = createPageService({
    db,
    clock,
    company,
    renderDesign,
    forms: { publishedAmong: (companyId, ids) => formStore.publishedAmong(db, companyId, ids) },
    sites: siteAddresses,
  });
  const formUploads = createFormUploads({ db, clock, files: deps.formFiles });
  const captchaSecrets = captchaSecretSealer(secret);
  const publishedForms = createPublishedForms(db, clock);
  const forms = createFormService({
    db,
    clock,
    published: publishedForms,
    company,
    fields,
    labels,
    senders,
    uploads: formUploads,
    captchaSecrets,
    publicUrl,
    sitesUrl: deps.sites.url,
  });
  const api = [
    fileRoutes({
      guards,
      media,
      publicUrl,
      designsUsing: (owner, id) => designStore.usingMedia(db, owner, id),
    }),
    senderRoutes({
      guards,
      senders: createSenderService({ db, clock, mailer, publicUrl, engine, spfRecordsOf, company }),
    }),
    contactRoutes({ guards, contacts }),
    segmentRoutes({ guards, segments }),
    subscriptionRoutes({ guards, subscriptions }),
    fieldRoutes({ guards, fields }),
    labelRoutes({ guards, labels }),
    importRoutes({ guards, imports: createImportService({ db, clock, company, dir: importDir }) }),
    contactExportRoutes({
      guards,
      exports: createContactExportService({
        db,
        clock,
        company,
        segmentCondition: segments.segmentCondition,
        reportCondition: reports.reportCondition,
      }),
    }),
    categoryRoutes({ guards, categories }),
    campaignRoutes({ guards, campaigns, kind: 'campaign' }),
    campaignRoutes({ guards, campaigns, kind: 'ab' }),
    voucherRoutes({ guards, vouchers }),
    abTestRoutes({ guards, abTests: createAbTestService({ db, clock }) }),
    reportRoutes({ guards, reports }),
    dashboardRoutes({ guards, dashboard: createDashboardService({ db, clock, company }) }),
    formRoutes({ guards, forms }),
    pageRoutes({ guards, pages: pageService }),
    templateRoutes({
      guards,
      templates: createTemplateService({
        db,
        clock,
        company,
        renderDesign,
        mailer,
        publicUrl,
        areas: templateAreasOf({ campaigns, pages: pageService, forms }),
      }),
    }),
    siteRoutes({
      guards,
      sites: createSiteService({
        db,
        clock,
        sites: siteAddresses,
        txtRecordsOf: spfRecordsOf,
        certificates: deps.sites.acme ? { issuer: createAcmeIssuer(deps.sites.acme), secret } : undefined,
      }),
    }),
  ];
  const pages = createRecipientPageService({
    db,
    clock,
    links,
    engine,
    audiences,
    contacts,
    labels,
    subscriptions,
    senders,
    renderDesign,
    company,
    mailer,
  });
  const submits = createFormSubmitService({
    db,
    clock,
    published: publishedForms,
    company,
    captcha: createFormCaptcha({ db, clock, secret, work: deps.forms.captchaWork }),
    uploads: formUploads,
    thirdPartyCaptcha: {
      verify: createCaptchaVerifier(deps.forms.captchaVerifyUrls),
      unseal: captchaSecrets.unseal,
    },
    signUps: createSignUps({ db, clock, company, contacts, subscriptions }),
    senders,
    engine,
    publicUrl,
    pageUrlOf: (companyId, pageId) => pageService.publishedUrl(companyId, pageId),
    reportError: deps.reportError,
  });
  const publicRoutes: FastifyPluginAsync = async (app) => {
    await app.register(recipientPageRoutes({ pages }));
    await app.register(publicFormRoutes({ submits, limits: deps.forms.submitLimits }));
  };
  const visits = createVisitRecorder({
    db,
    clock,
    secret,
    countryOf: createCountryLookup(deps.sites.geoipDb),
    reportError: deps.reportError,
  });
  const siteRoutesOf: FastifyPluginAsync = async (app) => {
    await app.register(publicFormRoutes({ submits, limits: deps.forms.submitLimits }));
    await app.register(
      hostedFormRoutes({ submits, policy: sitePolicy(undefined, { framedAnywhere: true }) }),
    );
    await app.register(
      pageHostingRoutes({
        lookup: createSiteLookup(db, clock),
        visits,
        ownHosts: new Set([new URL(deps.sites.url).hostname, '127.0.0.1', 'localhost']),
        // A shared draft is rendered when asked: kept two seconds, so a burst renders it once.
        sharedDocument: memo(clock, pageService.sharedDocument),
        codeSnippet: pageService.codeSnippet,
        challengeAnswer: (token) => certificateStore.challenge(db, token, clock.now()),
      }),
    );
  };
  return {
    api,
    public: publicRoutes,
    sites: siteRoutesOf,
    stop: visits.stop,
    tlsContextOf: createTlsContexts({ db, clock, secret }),
  };
}

const importsEveryMs = 1_000;
const housekeepingEveryMs = 10 * 60_000;
const followEveryMs = 2_000;
const exportsEveryMs = 2_000;
const campaignsEveryMs = 1_000;

/** Runs `step` until it reports no more work, one run at a time: a timer's tick while one runs does nothing. */
function drain(step: () => Promise<number>, alive: () => boolean, onError: (error: unknown) => void) {
  let running: Promise<unknown> | undefined;
  return {
    tick() {
      if (running) return;
      running = (async () => {
        while (alive() && (await step()) > 0) {
          // keep going while there is work
        }
      })()
        .catch(onError)
        .finally(() => {
          running = undefined;
        });
    },
    done: () => running,
  };
}

/**
 * The marketing half's background work, run by the worker processes: contact imports and exports,
 * campaign sends and forms' webhook POSTs, each one at a time per process on its own promise (all yield between slices); the engine's
 * suppression list followed into the contacts' statuses, its opens and clicks into their last open
 * and click, its campaign mail's events into the campaigns' reports; every 10 minutes, the files of imports prepared but never started and of expired exports
 * removed, ended imports' staged rows removed, forms' spent captcha solutions of expired challenges
 * forgotten, and the contacts' planner statistics refreshed where no autovacuum runs. Returns a stop function.
 */
export function startMarketingWorkers(
  deps: MarketingWorkerDeps,
  reportError: ReportError,
): () => Promise<void> {
  let stopping = false;
  const alive = () => !stopping;
  const segments = createSegmentService(deps);
  const contacts = createContactService({
    ...deps,
    segmentCondition: segments.segmentCondition,
    reportCondition: createReportService(deps).reportCondition,
  });
  const imports = createImportRunner({
    ...deps,
    alive,
    ...(deps.importSlices === undefined ? {} : { slices: deps.importSlices }),
  });
  const exports = createContactExportRunner({ ...deps, contacts, dir: deps.exportDir, alive });
  const campaigns = createCampaignRunner({
    ...deps,
    audiences: createAudiences({ db: deps.db, segmentCondition: segments.segmentCondition }),
    senders: senderDoorOf(deps.db),
    alive,
  });
  const suppressions = createSuppressionFollower(deps);
  const engagement = createEngagementFollower(deps);
  const reports = createReportFollower(deps);
  const loop = (every: number, failed: string, step: () => Promise<number>) => ({
    every,
    loop: drain(step, alive, (error) => reportError(error, failed)),
  });
  const formUploads = createFormUploads({ db: deps.db, clock: deps.clock, files: deps.formFiles });
  const poster = deps.formWebhooks;
  const formWebhooks = poster && createFormWebhookRunner({ db: deps.db, clock: deps.clock, poster });
  const loops = [
    ...(formWebhooks
      ? [loop(followEveryMs, 'posting form submissions failed', () => formWebhooks.runDue())]
      : []),
    loop(importsEveryMs, 'contact import failed', () => imports.runDue()),
    loop(exportsEveryMs, 'contact export failed', () => exports.runDue()),
    loop(campaignsEveryMs, 'campaign send failed', () => campaigns.runDue()),
    loop(followEveryMs, 'following the suppression list failed', () => suppressions.runOnce()),
    loop(followEveryMs, 'following opens and clicks failed', () => engagement.runOnce()),
    loop(followEveryMs, 'following campaign reports failed', () => reports.runOnce()),
  ];
  const housekeeping = () => {
    Promise.all([
      imports.purgeUnstarted(),
      imports.dropEndedStaged(),
      exports.purgeExpired(),
      contacts.refreshStatistics(),
      purgeSpentCaptchas(deps.db, deps.clock.now()),
      formUploads.purgeUnclaimed(),
      deps.certificates ? renewCertificates(deps.db, deps.clock, deps.certificates, reportError) : 0,
    ]).catch((error: unknown) => reportError(error, 'marketing housekeeping failed'));
  };
  const timers = [
    ...loops.map(({ loop, every }) => setInterval(loop.tick, every)),
    setInterval(housekeeping, housekeepingEveryMs),
  ];
  return async () => {
    stopping = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.all(loops.map(({ loop }) => loop.done()));
    poster?.close();
  };
}
