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

/** Accepts the code of the current 30 s step or the one before or after (clock drift). */
export function checkTotp(secret: string, code: string, now: Date): boolean {
  return totp(secret, '').validate({ token: code, timestamp: now.getTime(), window: 1 }) !== null;
}
