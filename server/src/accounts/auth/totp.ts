import { Secret, TOTP } from 'otpauth';

const issuer = 'Mail Platform';

function totp(secret: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/**
 * The 30 s time step whose code this is (the current step or the one before or after, for clock
 * drift), or undefined for a wrong code. Callers remember the step so a code works once.
 */
export function totpStep(secret: string, code: string, now: Date): number | undefined {
  const generator = totp(secret, '');
  const delta = generator.validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? undefined : generator.counter({ timestamp: now.getTime() }) + delta;
}
