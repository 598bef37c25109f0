import type { CaptchaConfig } from '../../config.ts';
import { DomainError } from '../../domain-error.ts';

export interface CaptchaVerifier {
  /** Throws 400 captchaRequired / captchaInvalid; does nothing when captcha is off. */
  verify(response: string | undefined, remoteIp: string): Promise<void>;
}

export function createCaptchaVerifier(config: CaptchaConfig): CaptchaVerifier {
  if (config.provider === 'off') return { verify: async () => {} };
  // hCaptcha and reCAPTCHA share the siteverify protocol: form post of secret + response, JSON {success}.
  return {
    verify: async (response, remoteIp) => {
      if (!response) throw new DomainError('captchaRequired', 'Captcha is required');
      const answer = await fetch(config.verifyUrl, {
        method: 'POST',
        body: new URLSearchParams({ secret: config.secret, response, remoteip: remoteIp }),
      });
      const result = (await answer.json().catch(() => ({}))) as { success?: unknown };
      if (result.success !== true) throw new DomainError('captchaInvalid', 'Captcha is invalid');
    },
  };
}
