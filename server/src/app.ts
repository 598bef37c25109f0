import type { SecureContext } from 'node:tls';
import { buildPermissionsOf } from '@app/contract/accounts/permissions';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import pino from 'pino';
import serverPackage from '../package.json' with { type: 'json' };
import { createCaptchaVerifier } from './accounts/auth/captcha.ts';
import { createPasswordReset } from './accounts/auth/password-reset.ts';
import { createPasswordHasher } from './accounts/auth/passwords.ts';
import { authRoutes } from './accounts/auth/routes.ts';
import { resolveSecret } from './accounts/auth/secret.ts';
import { authenticateToken, liveSession } from './accounts/auth/sessions.ts';
import { createTokenService } from './accounts/auth/tokens.ts';
import { createValidationLinks } from './accounts/auth/validation-links.ts';
import { createCapturedMailReader } from './accounts/captured-mail/captured-mail-reader.ts';
import { capturedMailKey } from './accounts/captured-mail/operator-key.ts';
import { capturedMailRoutes } from './accounts/captured-mail/routes.ts';
import { companyRoutes } from './accounts/company/routes.ts';
import { createContactService } from './accounts/contact-us/contact-messages.ts';
import { contactRoutes } from './accounts/contact-us/routes.ts';
import { type AccountStores, createAccountStores } from './accounts/create-accounts.ts';
import { healthRoutes } from './accounts/health/routes.ts';
import { createNotificationStore } from './accounts/notifications/notification-store.ts';
import { userNotificationRoutes } from './accounts/notifications/routes.ts';
import { onboardingRoutes } from './accounts/onboarding/routes.ts';
import { teamRoutes } from './accounts/team/routes.ts';
import { createTeamService } from './accounts/team/team-service.ts';
import { createTeamStore } from './accounts/team/team-store.ts';
import { userRoutes } from './accounts/users/routes.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { createDesignService } from './content/email-designs/design-service.ts';
import { blocksOffFor } from './content/email-designs/plan-blocks.ts';
import { createDesignRenderer } from './content/email-designs/render/design-renderer.ts';
import { designRoutes } from './content/email-designs/routes.ts';
import { savedBlockRoutes } from './content/email-designs/saved-blocks/routes.ts';
import { createSavedBlockStore } from './content/email-designs/saved-blocks/saved-block-store.ts';
import { embedApi } from './content/embed-tokens/embed-api-routes.ts';
import { createEmbedTokenStore } from './content/embed-tokens/embed-token-store.ts';
import { createEmbedTokens } from './content/embed-tokens/embed-tokens.ts';
import { embedTokenRoutes } from './content/embed-tokens/routes.ts';
import { embedSessionRoutes } from './content/embed-tokens/session-routes.ts';
import { generatorRoutes } from './content/generators/routes.ts';
import { createDiskFileStore } from './content/media/disk-file-store.ts';
import { startLegacyMediaMove } from './content/media/legacy-move.ts';
import { createMediaStore } from './content/media/media-store.ts';
import { publicMediaRoutes } from './content/media/public-routes.ts';
import { mediaRoutes } from './content/media/routes.ts';
import { storageQuota } from './content/media/storage-quota.ts';
import type { Db } from './db/db.ts';
import { createDnsResolver } from './dns/resolver.ts';
import { DomainError } from './domain-error.ts';
import { activityRoutes } from './engine/activity/routes.ts';
import { apiKeyRoutes } from './engine/api-keys/routes.ts';
import { createEngine, type Engine } from './engine/create-engine.ts';
import { eventRetentionRoutes } from './engine/events/retention-routes.ts';
import { eventRoutes } from './engine/events/routes.ts';
import { marketingEngineOf } from './engine/interfaces.ts';
import { localAddresses } from './engine/ip-pools/local-addresses.ts';
import { ipPoolRoutes } from './engine/ip-pools/routes.ts';
import { metricsConsoleRoutes } from './engine/metrics/console-routes.ts';
import { analyticPresetRoutes } from './engine/metrics/presets/preset-routes.ts';
import { createPresetStore } from './engine/metrics/presets/preset-store.ts';
import { metricRoutes } from './engine/metrics/routes.ts';
import { recipientListRoutes } from './engine/recipient-lists/routes.ts';
import { createDomainCheck } from './engine/recipient-validation/domain-check.ts';
import { createRecipientValidator } from './engine/recipient-validation/recipient-validator.ts';
import { recipientValidationRoutes } from './engine/recipient-validation/routes.ts';
import { createSingleQuota } from './engine/recipient-validation/single-quota.ts';
import { createRecipientService } from './engine/sandbox/authorized-recipients.ts';
import { createEnvironmentService } from './engine/sandbox/environment.ts';
import { sandboxRoutes } from './engine/sandbox/routes.ts';
import { sendingDomainConsoleRoutes } from './engine/sending-domains/console-routes.ts';
import { dkimKeyRoutes } from './engine/sending-domains/dkim-key-routes.ts';
import { createDkimKeyService } from './engine/sending-domains/dkim-key-service.ts';
import { sendingDomainRoutes } from './engine/sending-domains/routes.ts';
import { createSendingDomainService } from './engine/sending-domains/sending-domain-service.ts';
import { snippetRoutes } from './engine/snippets/routes.ts';
import { subaccountRoutes } from './engine/subaccounts/routes.ts';
import { suppressionRoutes } from './engine/suppression/routes.ts';
import { contentPreviewerRoutes } from './engine/templates/content-previewer-routes.ts';
import { templateRoutes } from './engine/templates/routes.ts';
import { createTemplateStore } from './engine/templates/template-store.ts';
import { trackingRoutes } from './engine/tracking/routes.ts';
import { trackingKey } from './engine/tracking/token.ts';
import { createCertificateProbe } from './engine/tracking-domains/certificate-probe.ts';
import { trackingDomainRoutes } from './engine/tracking-domains/routes.ts';
import { createTrackingDomainService } from './engine/tracking-domains/tracking-domain-service.ts';
import { transmissionRoutes } from './engine/transmissions/routes.ts';
import { testSendRoutes } from './engine/transmissions/test-send-routes.ts';
import { unsubscribeRoutes } from './engine/unsubscribe/routes.ts';
import { unsubscribeKey } from './engine/unsubscribe/token.ts';
import { accountRoutes } from './engine/usage/account-routes.ts';
import { usageRoutes } from './engine/usage/routes.ts';
import { webhookRoutes } from './engine/webhooks/routes.ts';
import { createAuthGuards, decorateAuth } from './http/auth.ts';
import { engineApi, withoutTrailingSlash } from './http/engine-api.ts';
import { errorHandler } from './http/errors.ts';
import { decoratePrincipal } from './http/principal.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { buildSiteApp } from './http/site-app.ts';
import { registerConsole } from './http/static.ts';
import { trustedProxies } from './http/trusted-proxies.ts';
import type { Mailer } from './mail/mailer.ts';
import { createRecipientLinks } from './marketing/campaigns/recipient-pages/recipient-links.ts';
import { companyDoorOf } from './marketing/company-door.ts';
import { contactMergeTags } from './marketing/contacts/merge-tags.ts';
import { marketingRoutes } from './marketing/create-marketing.ts';
import { formFileStoreIn } from './marketing/forms/form-uploads.ts';
import { sitePolicy } from './marketing/pages/hosting/site-policy.ts';
import { reportTo } from './report-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sites origin's server (published pages, the forms' public API): main.ts listens on it. */
    sites: FastifyInstance;
    /** The custom domains' TLS contexts, for the sites' HTTPS listener (SITES_TLS_PORT). */
    sitesTls: (servername: string) => Promise<SecureContext | undefined>;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock?: Clock;
  logger?: FastifyBaseLogger;
  /** The sending engine shared with the SMTP relay and workers; built here when not given. */
  engine?: Engine;
  /** The accounts stores shared with the operator commands; built here when not given. */
  accounts?: AccountStores;
}

/** The HTTP API and console files; the caller owns the database and listens. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, mailer } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    loggerInstance: options.logger ?? pino({ level: 'silent' }),
    trustProxy: trustedProxies(config.trustProxy),
    rewriteUrl: (request) => withoutTrailingSlash(request.url ?? '/'),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  decorateAuth(app);
  decoratePrincipal(app);

  registerSecurityHeaders(app, config.publicUrl, config.sites.url);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await registerRateLimit(app, config.rateLimitPerMinute);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mail Platform API',
        version: serverPackage.version,
        description:
          'Console API. Success: `{ data }`. Errors: `{ code, message, payload?: { field, value, cause } }` ' +
          'with the codes of contract/src/codes.ts.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // No validator badge: it would load an image from validator.swagger.io, outside the CSP.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });

  const secret = await resolveSecret(db, config.secret);
  const engine =
    options.engine ?? createEngine(db, clock, reportTo(app.log), { secret, publicUrl: config.publicUrl });
  const tokens = createTokenService(secret, clock);
  const passwords = createPasswordHasher(config.passwordHashing);
  const authenticateSession = (token: string) => authenticateToken(db, tokens, token, clock.now());
  const guards = createAuthGuards(authenticateSession);

  // The accounts half: each store and service built once, each route family given only what it uses.
  const { publicUrl } = config;
  const { users, companies, createCompany } = options.accounts ?? createAccountStores(db);
  const validationLinks = createValidationLinks({ db, clock, tokens, mailer, publicUrl, users });
  const passwordReset = createPasswordReset({ db, clock, mailer, publicUrl, passwords, users });
  const recipients = createRecipientService({ db, clock, mailer, publicUrl, companies });
  const report = reportTo(app.log);
  const operatorEmail = config.supportEmail;
  const environments = createEnvironmentService({
    db,
    companies,
    rules: engine.sandbox,
    clock,
    notifyOperator: (note) =>
      mailer
        .send({ to: operatorEmail, ...note })
        .catch((error) => report(error, `production request could not be mailed to ${operatorEmail}`)),
  });
  const contact = createContactService({
    db,
    clock,
    mailer,
    operatorEmail,
    report,
    sender: async (tx, caller) => {
      const companyName = await companies.lockName(tx, caller.companyId);
      const member = await users.memberOf(tx, caller.companyId, caller.userId);
      if (!member) throw new DomainError('loggedOut', 'Please sign in');
      return { email: member.email, companyName };
    },
  });
  const team = createTeamService({
    db,
    clock,
    mailer,
    publicUrl,
    passwords,
    users,
    companies,
    team: createTeamStore(db),
    offered: buildPermissionsOf(config.variant),
  });
  const accounts = {
    db,
    clock,
    config,
    publicUrl,
    tokens,
    passwords,
    captcha: createCaptchaVerifier(config.captcha),
    guards,
    users,
    companies,
    createCompany,
    validationLinks,
    passwordReset,
    recipients,
    environments,
  };

  const dns = createDnsResolver(config.dnsServers);
  const sendingDomains = createSendingDomainService({
    store: engine.sendingDomains,
    dns,
    platformHost: config.smtp.hostname,
    clock,
  });
  const dkimKeys = createDkimKeyService({
    domains: sendingDomains,
    store: engine.sendingDomains,
    dns,
    clock,
  });
  // Tracked links and the open pixel will be served on PUBLIC_URL's host: a tracking domain's CNAME points there,
  // and the TLS terminator in front of it serves a managed certificate's name on 443.
  const trackingHost = new URL(config.publicUrl).hostname;
  const trackingDomains = createTrackingDomainService({
    store: engine.trackingDomains,
    dns,
    trackingHost,
    probe: createCertificateProbe({ host: trackingHost, port: 443, resolve: dns.addresses }),
  });

  const webhooks = engine.webhooks.service(
    { resolve: dns.addresses, allowedNetworks: config.webhookAllowedNetworks },
    engine.subaccounts.statusOf,
  );

  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const routes of [
    healthRoutes(accounts),
    authRoutes(accounts),
    userRoutes(accounts),
    companyRoutes(accounts),
    teamRoutes({ guards, team }),
    onboardingRoutes(accounts),
    sandboxRoutes(accounts),
    eventRetentionRoutes(accounts),
    sendingDomainConsoleRoutes({ guards, sendingDomains }),
    contactRoutes({ guards, contact }),
    analyticPresetRoutes({ guards, presets: createPresetStore(db, clock) }),
    userNotificationRoutes({ guards, notifications: createNotificationStore(db), clock }),
    activityRoutes({ db, guards, exports: engine.activityExports, clock }),
  ]) {
    await api.register(routes, { prefix: '/v1' });
  }
  await api.register(
    testSendRoutes({
      mailFrom: config.mail.from,
      guards,
      transmissions: engine.transmissions,
      environmentOf: engine.send.environmentOf,
    }),
    { prefix: '/v1' },
  );
  const mailKey = capturedMailKey(secret);
  await api.register(
    capturedMailRoutes({ config, guards, capturedMail: createCapturedMailReader(db) }, mailKey),
    { prefix: '/v1' },
  );
  if (config.mail.mode === 'capture') {
    app.log.info(`captured mail, every address: ${config.publicUrl}/captured-mail?key=${mailKey}`);
  }
  await api.register(usageRoutes(accounts));
  await api.register(metricsConsoleRoutes({ metrics: engine.metrics, clock, guards }));
  // The block email editor: tokens on /api/v1, the embed API on /embed/v1 (CORS open), files on /media.
  // A token works while its maker (API key, or console session and its member's role) may edit templates.
  const embedTokens = createEmbedTokens(createEmbedTokenStore(db, clock), {
    keyGrants: async (companyId, keyId) => (await engine.apiKeys.get(companyId, keyId))?.grants,
    sessionPermissions: async (companyId, sessionId) => {
      const session = await liveSession(db, sessionId, clock.now());
      return session?.companyId === companyId ? session.permissions : undefined;
    },
    subaccountStatus: engine.subaccounts.statusOf,
  });
  const media = createMediaStore(
    db,
    clock,
    createDiskFileStore(config.media.dir),
    storageQuota(db, config.media.quotaBytes),
  );
  const legacyMedia = startLegacyMediaMove(media, report);
  app.addHook('onClose', () => legacyMedia.stop());
  const renderDesign = createDesignRenderer({ publicUrl, secret });
  const editorRoutes = [
    embedSessionRoutes({
      companyName: async (companyId) => (await companies.detail(companyId)).name,
      blocksOff: (companyId) => blocksOffFor(db, companyId),
      mergeTags: contactMergeTags(db),
    }),
    designRoutes({
      designs: createDesignService({
        db,
        clock,
        render: renderDesign,
        templatesOn: (on) => createTemplateStore(on, clock),
      }),
    }),
    mediaRoutes({ media, publicUrl }),
    savedBlockRoutes({ savedBlocks: createSavedBlockStore(db, clock) }),
  ];
  await api.register(embedApi(embedTokens.verify, editorRoutes), { prefix: '/embed/v1' });
  const marketing = marketingRoutes({
    db,
    clock,
    mailer,
    publicUrl,
    guards,
    engine: marketingEngineOf(engine),
    media,
    formFiles: formFileStoreIn(config.media.dir),
    spfRecordsOf: dns.txt,
    company: companyDoorOf(companies),
    importDir: config.importDir,
    renderDesign,
    links: createRecipientLinks({ secret, publicUrl }),
    secret,
    forms: config.forms,
    sites: { url: config.sites.url, geoipDb: config.sites.geoipDb, acme: config.sites.acme },
    reportError: reportTo(app.log),
  });
  for (const routes of marketing.api) await api.register(routes, { prefix: '/v1' });
  await app.register(marketing.public);
  // The sites origin: its own Fastify, listened on by main.ts (SITES_PORT), closed with this one.
  const sites = await buildSiteApp({
    logger: app.log,
    consoleDir: config.consoleDir,
    routes: marketing.sites,
    policy: sitePolicy(),
    trustProxy: config.trustProxy,
  });
  app.decorate('sites', sites);
  app.decorate('sitesTls', marketing.tlsContextOf);
  app.addHook('onClose', async () => {
    await marketing.stop();
    await sites.close();
  });
  await app.register(publicMediaRoutes({ media }));

  const engineCallers = {
    checkKey: engine.apiKeys.check,
    subaccountStatus: engine.subaccounts.statusOf,
    authenticateSession,
  };
  await api.register(
    engineApi(engineCallers, [
      apiKeyRoutes(engine),
      subaccountRoutes(engine),
      suppressionRoutes(engine),
      eventRoutes({ events: engine.events, clock }),
      templateRoutes(engine),
      embedTokenRoutes({ embedTokens }),
      contentPreviewerRoutes(engine),
      accountRoutes({ db, clock, companies, accountOptions: engine.accountOptions }),
      recipientListRoutes(engine),
      snippetRoutes(engine),
      transmissionRoutes(engine),
      ipPoolRoutes({ ipPools: engine.ipPools, localAddresses, hostname: config.smtp.hostname }),
      sendingDomainRoutes({ sendingDomains }),
      dkimKeyRoutes({ dkimKeys }),
      trackingDomainRoutes({ trackingDomains }),
      webhookRoutes({ webhooks, clock }),
      recipientValidationRoutes({
        validator: createRecipientValidator(createDomainCheck(dns, clock)),
        jobs: engine.recipientValidationJobs,
        quota: createSingleQuota(clock),
      }),
      metricRoutes({ metrics: engine.metrics, clock }),
    ]),
    { prefix: '/api/v1' },
  );
  // SparkPost documents snippets as a labs feature, at /api/labs/snippets: the same routes there too.
  await api.register(engineApi(engineCallers, [snippetRoutes(engine)]), { prefix: '/api/labs' });
  await app.register(
    unsubscribeRoutes({
      key: unsubscribeKey(secret),
      messageFacts: engine.messageFacts,
      feedback: engine.feedback,
    }),
  );
  await app.register(
    trackingRoutes({
      key: trackingKey(secret),
      engagement: engine.engagement,
      reportError: reportTo(app.log),
    }),
  );
  // The email editor's generated images and files (QR codes, charts, countdowns, .ics): public, signed.
  await app.register(generatorRoutes({ publicUrl: config.publicUrl, secret, clock }));
  await registerConsole(
    app,
    config.consoleDir,
    {
      variant: config.variant,
      googleSignIn: config.oidc !== undefined,
      mailCapture: config.mail.mode === 'capture',
      ...(config.consoleProfile ? { consoleProfile: config.consoleProfile } : {}),
    },
    config.sites.url,
  );
  return app;
}
