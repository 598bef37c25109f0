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
      logLevel: 'info',
      captcha: { provider: 'off' },
      oidc: undefined,
      rateLimitPerMinute: 20,
    });
    expect(config.consoleDir).toMatch(/\/dist$/);
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
        smarthost: { host: 'smtp.example.com', port: 587 },
      },
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
      }),
    ).toThrow(
      [
        'Invalid configuration:',
        'PORT must be a port number (got "eighty")',
        'DNS_SERVERS must be a comma-separated list of IP addresses (ip or ip:port) (got "1.1.1.1,dns.google")',
        'SECRET must be at least 32 characters',
        'SMARTHOST is required when MAIL_MODE=deliver',
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

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });
});
