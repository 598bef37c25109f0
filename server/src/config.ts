import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isNetmask } from '@app/contract/engine/netmask';
import { type ConsoleProfile, consoleProfiles } from '@app/contract/features/profiles';
import { z } from 'zod';
import { type SiteverifyProvider, siteverifyUrls } from './siteverify.ts';

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a port number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const hostPort = z
  .string()
  .regex(/^[A-Za-z0-9.-]+:[0-9]{1,5}$/, 'must be host:port, e.g. smtp.example.com:587')
  .transform((value) => {
    const [host = '', portText = ''] = value.split(':');
    return { host, port: Number(portText) };
  });

/** A resolver as node:dns takes it: `ip`, `ip:port` or `[ipv6]:port`. */
function isResolverAddress(value: string): boolean {
  const withPort = /^(?:\[([0-9A-Fa-f:.]+)\]|([0-9.]+)):([0-9]{1,5})$/.exec(value);
  if (withPort) {
    const portNumber = Number(withPort[3]);
    const host = withPort[1] ?? withPort[2] ?? '';
    return portNumber >= 1 && portNumber <= 65535 && z.union([z.ipv4(), z.ipv6()]).safeParse(host).success;
  }
  return z.union([z.ipv4(), z.ipv6()]).safeParse(value).success;
}

const resolverList = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()))
  .refine(
    (values) => values.every(isResolverAddress),
    'must be a comma-separated list of IP addresses (ip or ip:port)',
  );

/** A whole number setting of at least `min`, `fallback` when unset. */
const wholeFrom = (min: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .default(fallback);

/** Comma-separated CIDRs or single addresses (webhook targets allowed besides public ones, trusted proxies). */
const networkList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )
  .refine(
    (values) => values.every(isNetmask),
    'must be a comma-separated list of CIDRs (10.0.0.0/8, fd00::/8)',
  );

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const envSchema = z
  .object({
    HOST: z.string().default('127.0.0.1'),
    /** The reverse proxies in front (addresses or CIDRs): their X-Forwarded-For names the visitor. */
    TRUST_PROXY: networkList.optional(),
    PORT: port.default(8080),
    PUBLIC_URL: httpUrl.optional(),
    DATA_DIR: z.string().default('./data'),
    PGLITE_FSYNC: z.enum(['on', 'off'], 'must be on or off').default('on'),
    MEDIA_DIR: z.string().optional(),
    MEDIA_QUOTA_MB: z.coerce
      .number({ error: 'must be a whole number of megabytes' })
      .int('must be a whole number of megabytes')
      .min(1, 'must be at least 1')
      .default(1024),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    MAIL_MODE: z.enum(['capture', 'deliver'], 'must be capture or deliver').default('capture'),
    MAIL_FROM: z.email('must be an email address').optional(),
    SUPPORT_EMAIL: z.email('must be an email address').optional(),
    SMARTHOST: hostPort.optional(),
    SMARTHOST_USER: z.string().optional(),
    SMARTHOST_PASSWORD: z.string().optional(),
    SMARTHOST_TLS: z.enum(['starttls', 'tls', 'none'], 'must be starttls, tls or none').default('starttls'),
    SMTP_PORT: port.default(2525),
    SMTP_HOST: z.string().optional(),
    SMTP_HOSTNAME: z
      .string()
      .regex(/^[A-Za-z0-9.-]+$/, 'must be a host name')
      .optional(),
    SMTP_TLS_CERT: z.string().optional(),
    SMTP_TLS_KEY: z.string().optional(),
    SMTP_MAX_MESSAGE_BYTES: z.coerce
      .number({ error: 'must be a whole number of bytes' })
      .int('must be a whole number of bytes')
      .min(1024, 'must be at least 1024')
      .default(20_971_520),
    MX_PORT: port.default(2526),
    DNS_SERVERS: resolverList.optional(),
    DELIVERY_PORT: port.default(25),
    DELIVERY_RETRY_HOURS: z.coerce
      .number({ error: 'must be a number of hours' })
      .positive('must be more than 0')
      .max(24 * 30, 'must be at most 720 (30 days)')
      .default(72),
    DELIVERY_CONCURRENCY: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(10_000, 'must be at most 10000')
      .default(50),
    DELIVERY_DOMAIN_CONNECTIONS: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000, 'must be at most 1000')
      .default(20),
    DELIVERY_DOMAIN_RATE: z.coerce
      .number({ error: 'must be a number of messages per second' })
      .min(0, 'must be 0 (no limit) or more')
      .max(100_000, 'must be at most 100000')
      .default(0),
    DELIVERY_PRIVATE_NETWORKS: z.enum(['allow', 'deny'], 'must be allow or deny').default('deny'),
    WORKER_DEAD_AFTER_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .min(1, 'must be at least 1')
      .max(600, 'must be at most 600')
      .default(20),
    WEBHOOK_ALLOWED_NETWORKS: networkList.optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be a pino log level')
      .default('info'),
    SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    CAPTCHA_PROVIDER: z
      .enum(['off', 'hcaptcha', 'recaptcha'], 'must be off, hcaptcha or recaptcha')
      .default('off'),
    CAPTCHA_SECRET: z.string().optional(),
    CAPTCHA_VERIFY_URL: httpUrl.optional(),
    OIDC_ISSUER: httpUrl.optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    CONSOLE_DIR: z.string().optional(),
    /** §1 build variant: full (transactional console and marketing) or smtp (the transactional console only). */
    APP_VARIANT: z.enum(['full', 'smtp'], 'must be full or smtp').default('full'),
    /** A §6 restricted console profile (A–F): the console hides what the profile turns off. */
    CONSOLE_PROFILE: z.enum(consoleProfiles, 'must be one of A, B, C, D, E, F').optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (off) or more')
      .default(20),
    /** A form's captcha: PBKDF2 rounds per try, and the most tries a solution takes (a fifth of it at least). */
    FORM_CAPTCHA_COST: wholeFrom(1, 1_000),
    FORM_CAPTCHA_MAX_TRIES: wholeFrom(5, 5_000),
    /** A form's public submit: per visitor (IP) on one form, and on one form in all, per minute and process. */
    FORM_SUBMITS_PER_VISITOR_PER_MINUTE: wholeFrom(1, 10),
    FORM_SUBMITS_PER_FORM_PER_MINUTE: wholeFrom(1, 12_000),
    /** The sites origin: published pages and their forms, never on the console's origin or cookies. */
    /** 0: any free port (test servers that serve no page). */
    SITES_PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a port number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(8081),
    SITES_URL: httpUrl.optional(),
    /** An MMDB country database for page reports' locations, instead of the bundled one. */
    GEOIP_DB: z.string().optional(),
    /** HTTPS for the sites on their custom domains: the port, and the ACME server certificates come from. */
    SITES_TLS_PORT: port.optional(),
    ACME_DIRECTORY_URL: httpUrl.optional(),
    ACME_EMAIL: z.email('must be an email address').optional(),
    /** A PEM file of the CA that signed the ACME server's own HTTPS certificate (a private ACME server). */
    ACME_CA_FILE: z.string().optional(),
  })
  .superRefine(
    (env, ctx) => {
      if (Boolean(env.SMARTHOST_USER) !== Boolean(env.SMARTHOST_PASSWORD)) {
        ctx.addIssue({
          code: 'custom',
          path: ['SMARTHOST_USER'],
          message: 'SMARTHOST_USER and SMARTHOST_PASSWORD must be set together',
        });
      }
      if (env.SMARTHOST_USER && !env.SMARTHOST) {
        ctx.addIssue({ code: 'custom', path: ['SMARTHOST'], message: 'is required with SMARTHOST_USER' });
      }
      if (env.CAPTCHA_PROVIDER !== 'off' && !env.CAPTCHA_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['CAPTCHA_SECRET'],
          message: 'is required when CAPTCHA_PROVIDER is set',
        });
      }
      if (Boolean(env.SMTP_TLS_CERT) !== Boolean(env.SMTP_TLS_KEY)) {
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_TLS_CERT'],
          message: 'SMTP_TLS_CERT and SMTP_TLS_KEY must be set together',
        });
      }
      const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
      if (oidc.some(Boolean) && !oidc.every(Boolean)) {
        ctx.addIssue({
          code: 'custom',
          path: ['OIDC_ISSUER'],
          message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
        });
      }
      // Also when other variables are bad, so the operator sees every problem in one run.
    },
    { when: () => true },
  );

export type CaptchaConfig =
  | { provider: 'off' }
  | { provider: 'hcaptcha' | 'recaptcha'; secret: string; verifyUrl: string };

export interface Smarthost {
  host: string;
  port: number;
  /** starttls: STARTTLS required; tls: TLS from the first byte (port 465); none: cleartext. */
  tls: 'starttls' | 'tls' | 'none';
  auth: { user: string; pass: string } | undefined;
}

export interface Config {
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  /** PGlite flushes each commit to disk (survives a power loss); off: survives only a process crash. */
  pgliteFsync: boolean;
  databaseUrl: string | undefined;
  media: {
    /** Where uploaded files' bytes are kept (the rows hold what each file is). */
    dir: string;
    /** The most one company's files may take, in bytes. */
    quotaBytes: number;
  };
  /** Where contact import files wait until their import ends (a temporary folder for memory://). */
  importDir: string;
  /** Where written contact exports wait for their download (DATA_DIR/contact-exports). */
  exportDir: string;
  mail: {
    mode: 'capture' | 'deliver';
    from: string;
    /** deliver: every message goes through this server; without it, straight to each recipient's MX. */
    smarthost: Smarthost | undefined;
  };
  /** The operator's mailbox for contact-us messages and production requests (SUPPORT_EMAIL, else MAIL_FROM). */
  supportEmail: string;
  smtpPort: number;
  smtp: {
    host: string;
    /** The name in the greeting and the generated certificate. */
    hostname: string;
    tls: { certFile: string; keyFile: string } | undefined;
    maxMessageBytes: number;
  };
  mxPort: number;
  dnsServers: string[];
  deliveryPort: number;
  delivery: {
    /** A deferred message is retried this long after acceptance, then bounced. */
    retryHours: number;
    /** Messages in flight per worker process. */
    concurrency: number;
    /** Open SMTP connections per recipient domain (or to the smarthost) per worker process. */
    domainConnections: number;
    /** MX hosts on private or local networks: denied unless a closed setup (tests, an intranet) allows them. */
    privateNetworks: 'allow' | 'deny';
    /** Messages per second to one recipient domain, per worker process; 0: no limit. */
    domainRate: number;
  };
  /**
   * A worker process whose heartbeat stood still this long is dead: another one takes over its
   * messages, webhooks, exports and validation lists (PostgreSQL; on PGlite the restarted server at once).
   */
  workerDeadAfterMs: number;
  /** Private or local networks webhook targets and token URLs may reach (any port there); public ones always. */
  webhookAllowedNetworks: string[];
  logLevel: string;
  secret: string | undefined;
  captcha: CaptchaConfig;
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** The §6 restricted console profile the browser is told to apply (absent: every console flag on). */
  consoleProfile: ConsoleProfile | undefined;
  /** §1: full shows marketing too; smtp is the transactional console only. */
  variant: 'full' | 'smtp';
  consoleDir: string;
  /** Requests per minute and IP on the anonymous account routes; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** The reverse proxies whose X-Forwarded-For header is believed (the console's and the sites' servers); none by default. */
  trustProxy: readonly string[] | undefined;
  /** argon2id cost; not read from the environment, only tests lower it. */
  passwordHashing: { memoryCost: number; timeCost: number };
  /**
   * A form's captcha work (PBKDF2 rounds per try, the range the number of tries is drawn from: about a
   * second on a phone) and its public submit's limits per minute.
   */
  forms: {
    captchaWork: { cost: number; counter: { min: number; max: number } };
    submitLimits: { perIpPerMinute: number; perFormPerMinute: number };
    /** Where hCaptcha, Turnstile and reCAPTCHA check tokens: their own addresses; not read from the environment, only tests set it. */
    captchaVerifyUrls?: Record<SiteverifyProvider, string> | undefined;
  };
  /** Where published pages are served (SITES_PORT on HOST, reached at SITES_URL), and the IP-to-country file. */
  sites: {
    port: number;
    url: string;
    geoipDb?: string | undefined;
    /** The HTTPS listener of the custom domains (SNI picks each domain's certificate); none when unset. */
    tlsPort?: number | undefined;
    /** Where certificates are asked for (ACME, HTTP-01); "generate SSL" is refused without it. */
    acme?: { directoryUrl: string; email?: string | undefined; caFile?: string | undefined } | undefined;
  };
}

const secretVariables = new Set([
  'SECRET',
  'CAPTCHA_SECRET',
  'OIDC_CLIENT_SECRET',
  'DATABASE_URL',
  'SMARTHOST_PASSWORD',
]);

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Reads the environment; throws one line per bad variable so the operator sees them all at once. */
export function loadConfig(environment: NodeJS.ProcessEnv): Config {
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = secretVariables.has(name) ? undefined : present[name];
      return `${name} ${issue.message}${value === undefined ? '' : ` (got "${value}")`}`;
    });
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, '');
  return {
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    dataDir: env.DATA_DIR,
    pgliteFsync: env.PGLITE_FSYNC === 'on',
    databaseUrl: env.DATABASE_URL,
    media: {
      dir: env.MEDIA_DIR ?? path.join(env.DATA_DIR, 'media'),
      quotaBytes: env.MEDIA_QUOTA_MB * 1024 * 1024,
    },
    importDir: path.join(env.DATA_DIR === 'memory://' ? tmpdir() : env.DATA_DIR, 'contact-imports'),
    exportDir: path.join(env.DATA_DIR === 'memory://' ? tmpdir() : env.DATA_DIR, 'contact-exports'),
    mail: {
      mode: env.MAIL_MODE,
      from: env.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
      smarthost: env.SMARTHOST && {
        ...env.SMARTHOST,
        tls: env.SMARTHOST_TLS,
        auth:
          env.SMARTHOST_USER && env.SMARTHOST_PASSWORD
            ? { user: env.SMARTHOST_USER, pass: env.SMARTHOST_PASSWORD }
            : undefined,
      },
    },
    supportEmail: env.SUPPORT_EMAIL ?? env.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    smtpPort: env.SMTP_PORT,
    smtp: {
      host: env.SMTP_HOST ?? env.HOST,
      hostname: env.SMTP_HOSTNAME ?? new URL(publicUrl).hostname,
      tls:
        env.SMTP_TLS_CERT && env.SMTP_TLS_KEY
          ? { certFile: env.SMTP_TLS_CERT, keyFile: env.SMTP_TLS_KEY }
          : undefined,
      maxMessageBytes: env.SMTP_MAX_MESSAGE_BYTES,
    },
    mxPort: env.MX_PORT,
    dnsServers: env.DNS_SERVERS ?? [],
    deliveryPort: env.DELIVERY_PORT,
    delivery: {
      retryHours: env.DELIVERY_RETRY_HOURS,
      concurrency: env.DELIVERY_CONCURRENCY,
      domainConnections: env.DELIVERY_DOMAIN_CONNECTIONS,
      privateNetworks: env.DELIVERY_PRIVATE_NETWORKS,
      domainRate: env.DELIVERY_DOMAIN_RATE,
    },
    workerDeadAfterMs: env.WORKER_DEAD_AFTER_SECONDS * 1000,
    webhookAllowedNetworks: env.WEBHOOK_ALLOWED_NETWORKS ?? [],
    logLevel: env.LOG_LEVEL,
    secret: env.SECRET,
    captcha:
      env.CAPTCHA_PROVIDER === 'off'
        ? { provider: 'off' }
        : {
            provider: env.CAPTCHA_PROVIDER,
            secret: env.CAPTCHA_SECRET ?? '',
            verifyUrl: env.CAPTCHA_VERIFY_URL ?? siteverifyUrls[env.CAPTCHA_PROVIDER],
          },
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET }
        : undefined,
    consoleDir: env.CONSOLE_DIR ?? `${repoRoot}dist`,
    consoleProfile: env.CONSOLE_PROFILE,
    variant: env.APP_VARIANT,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    trustProxy: env.TRUST_PROXY,
    passwordHashing: { memoryCost: 19456, timeCost: 2 },
    forms: {
      captchaWork: {
        cost: env.FORM_CAPTCHA_COST,
        counter: { min: Math.ceil(env.FORM_CAPTCHA_MAX_TRIES / 5), max: env.FORM_CAPTCHA_MAX_TRIES },
      },
      submitLimits: {
        perIpPerMinute: env.FORM_SUBMITS_PER_VISITOR_PER_MINUTE,
        perFormPerMinute: env.FORM_SUBMITS_PER_FORM_PER_MINUTE,
      },
    },
    sites: {
      port: env.SITES_PORT,
      url: (env.SITES_URL ?? `http://${env.HOST}:${env.SITES_PORT}`).replace(/\/+$/, ''),
      geoipDb: env.GEOIP_DB,
      tlsPort: env.SITES_TLS_PORT,
      acme: env.ACME_DIRECTORY_URL
        ? { directoryUrl: env.ACME_DIRECTORY_URL, email: env.ACME_EMAIL, caFile: env.ACME_CA_FILE }
        : undefined,
    },
  };
}
