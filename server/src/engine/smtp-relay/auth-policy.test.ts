import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, mayAuthenticate, parseRelayUsername } from './auth-policy.ts';

describe('parseRelayUsername', () => {
  it('accepts the primary and the subaccount forms', () => {
    expect(parseRelayUsername('SMTP_Injection')).toEqual({});
    expect(parseRelayUsername('SMTP_Injection:X-MSYS-SUBACCOUNT=123')).toEqual({ subaccountId: 123 });
    expect(parseRelayUsername('SMTP_Injection:x-msys-subaccount=7')).toEqual({ subaccountId: 7 });
  });

  it('refuses anything else', () => {
    for (const name of [
      '',
      'smtp_injection',
      'api',
      'SMTP_Injection:',
      'SMTP_Injection:X-MSYS-SUBACCOUNT=',
      'SMTP_Injection:X-MSYS-SUBACCOUNT=12a',
      'SMTP_Injection:X-MSYS-SUBACCOUNT=-1',
      'SMTP_Injection:X-MSYS-SUBACCOUNT=1234567890123456',
      'smtp_injection:X-MSYS-SUBACCOUNT=1',
      ' SMTP_Injection',
    ]) {
      expect(parseRelayUsername(name), name).toBeUndefined();
    }
  });
});

describe('mayAuthenticate', () => {
  it('allows AUTH inside TLS from anywhere, and without TLS only from loopback', () => {
    expect(mayAuthenticate({ secure: true, remoteAddress: '203.0.113.9' })).toBe(true);
    expect(mayAuthenticate({ secure: false, remoteAddress: '203.0.113.9' })).toBe(false);
    expect(mayAuthenticate({ secure: false, remoteAddress: '2001:db8::1' })).toBe(false);
    expect(mayAuthenticate({ secure: false, remoteAddress: '127.0.0.1' })).toBe(true);
    expect(mayAuthenticate({ secure: false, remoteAddress: '::1' })).toBe(true);
  });

  it('recognises loopback addresses only', () => {
    expect(isLoopbackAddress('127.5.6.7')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
    expect(isLoopbackAddress('127.example.test')).toBe(false);
  });
});
