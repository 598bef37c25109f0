import type { FormCaptchaKind } from '@app/contract/marketing/forms';
import { sealer } from '../../sealed.ts';
import { type SiteverifyVerdict, siteverify, siteverifyUrls } from '../../siteverify.ts';

export type ThirdPartyCaptcha = Exclude<FormCaptchaKind, 'proofOfWork'>;

/** The providers' names, as a company reads them in a message. */
export const captchaProviderNames: Record<ThirdPartyCaptcha, string> = {
  hcaptcha: 'hCaptcha',
  turnstile: 'Cloudflare Turnstile',
  recaptcha: 'reCAPTCHA',
};

/** The forms' provider secret keys, sealed with a key derived from the server's SECRET for this use only. */
export const captchaSecretSealer = (secret: string) =>
  sealer(secret, { salt: 'form-captcha-providers', info: 'secret keys at rest' });

/** The company's provider's verdict on a visitor's token (`urls`: where each provider checks; tests give their own). */
export const createCaptchaVerifier =
  (urls: Record<ThirdPartyCaptcha, string> = siteverifyUrls) =>
  (kind: ThirdPartyCaptcha, secret: string, token: string, ip: string): Promise<SiteverifyVerdict> =>
    siteverify(urls[kind], { secret, token, ip });

export type CaptchaVerifier = ReturnType<typeof createCaptchaVerifier>;
