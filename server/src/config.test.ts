import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('config', () => {
  it('has the runtime contract defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      publicUrl: 'http://127.0.0.1:8080',
      dataDir: './data',
      pgliteFsync: true,
      databaseUrl: undefined,
      mail: { mode: 'capture', from: 'no-reply@127.0.0.1', smarthost: undefined },
      smtpPort: 2525,
      mxPort: 2526,
      dnsServers: [],
      deliveryPort: 25,
      delivery: {
        retryHours: 72,
        concurrency: 50,
        domainConnections: 20,
        privateNetworks: 'deny',
        domainRate: 0,
      },
      workerDeadAfterMs: 20_000,
      logLevel: 'info',
      captcha: { provider: 'off' },
      oidc: undefined,
      rateLimitPerMinute: 20,
    });
    expect(config.consoleDir).toMatch(/\/dist$/);
    expect(config.consoleProfile).toBeUndefined();
  });

  it('reads the restricted console profile and refuses an unknown one', () => {
    expect(loadConfig({ CONSOLE_PROFILE: 'A' }).consoleProfile).toBe('A');
    expect(() => loadConfig({ CONSOLE_PROFILE: 'Z' })).toThrow(
      'CONSOLE_PROFILE must be one of A, B, C, D, E, F',
    );
  });

  it('reads every variable', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '9000',
      PUBLIC_URL: 'https://mail.example.com/',
      PGLITE_FSYNC: 'off',
      DATABASE_URL: 'postgres://u@db/mail',
      MAIL_MODE: 'deliver',
      SMARTHOST: 'smtp.example.com:587',
      SMARTHOST_USER: 'relay',
      SMARTHOST_PASSWORD: 'p4ss',
      SMARTHOST_TLS: 'tls',
      DELIVERY_PORT: '2025',
      DELIVERY_RETRY_HOURS: '0.5',
      DELIVERY_CONCURRENCY: '200',
      DELIVERY_DOMAIN_CONNECTIONS: '10',
      DELIVERY_PRIVATE_NETWORKS: 'allow',
      DELIVERY_DOMAIN_RATE: '2.5',
      WORKER_DEAD_AFTER_SECONDS: '7.5',
      DNS_SERVERS: '1.1.1.1, 2606:4700:4700::1111, 127.0.0.1:5353, [::1]:53',
      CAPTCHA_PROVIDER: 'recaptcha',
      CAPTCHA_SECRET: 's',
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      publicUrl: 'https://mail.example.com',
      pgliteFsync: false,
      databaseUrl: 'postgres://u@db/mail',
      mail: {
        mode: 'deliver',
        from: 'no-reply@mail.example.com',
        smarthost: { host: 'smtp.example.com', port: 587, tls: 'tls', auth: { user: 'relay', pass: 'p4ss' } },
      },
      deliveryPort: 2025,
      delivery: {
        retryHours: 0.5,
        concurrency: 200,
        domainConnections: 10,
        privateNetworks: 'allow',
        domainRate: 2.5,
      },
      workerDeadAfterMs: 7500,
      dnsServers: ['1.1.1.1', '2606:4700:4700::1111', '127.0.0.1:5353', '[::1]:53'],
      captcha: {
        provider: 'recaptcha',
        secret: 's',
        verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      },
      oidc: { issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' },
    });
  });

  it('reports one clear line per bad variable, never echoing secrets', () => {
    expect(() =>
      loadConfig({
        PORT: 'eighty',
        MAIL_MODE: 'deliver',
        DNS_SERVERS: '1.1.1.1,dns.google',
        SECRET: 'short',
        SMARTHOST_USER: 'relay',
        SMARTHOST_PASSWORD: 'hunter2',
        SMARTHOST_TLS: 'ssl',
        DELIVERY_CONCURRENCY: '0',
      }),
    ).toThrow(
      [
        'Invalid configuration:',
        'PORT must be a port number (got "eighty")',
        'SMARTHOST_TLS must be starttls, tls or none (got "ssl")',
        'DNS_SERVERS must be a comma-separated list of IP addresses (ip or ip:port) (got "1.1.1.1,dns.google")',
        'DELIVERY_CONCURRENCY must be at least 1 (got "0")',
        'SECRET must be at least 32 characters',
        'SMARTHOST is required with SMARTHOST_USER',
      ].join('\n'),
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'https://accounts.google.com' })).toThrow(
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    );
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'hcaptcha' })).toThrow('CAPTCHA_SECRET is required');
    expect(() => loadConfig({ PGLITE_FSYNC: 'yes' })).toThrow('PGLITE_FSYNC must be on or off (got "yes")');
    expect(() => loadConfig({ SMTP_PORT: '70000' })).toThrow(
      'SMTP_PORT must be between 1 and 65535 (got "70000")',
    );
  });

  it('delivers straight to MX hosts in MAIL_MODE=deliver without SMARTHOST, never echoing its password', () => {
    expect(loadConfig({ MAIL_MODE: 'deliver' }).mail).toMatchObject({
      mode: 'deliver',
      smarthost: undefined,
    });
    expect(loadConfig({ SMARTHOST: 'relay.test:25' }).mail.smarthost).toEqual({
      host: 'relay.test',
      port: 25,
      tls: 'starttls',
      auth: undefined,
    });
    expect(() => loadConfig({ SMARTHOST: 'relay.test:25', SMARTHOST_PASSWORD: 'hunter2' })).toThrow(
      /^Invalid configuration:\nSMARTHOST_USER SMARTHOST_USER and SMARTHOST_PASSWORD must be set together$/,
    );
    expect(() => loadConfig({ SMARTHOST_PASSWORD: 'hunter2', DELIVERY_RETRY_HOURS: '-1' })).not.toThrow(
      /hunter2/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });
});
