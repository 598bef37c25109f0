import type { CaptchaConfig } from '../../config.ts';
import { DomainError } from '../../domain-error.ts';
import { siteverify } from '../../siteverify.ts';

export interface CaptchaVerifier {
  /** Throws 400 captchaRequired / captchaInvalid; does nothing when captcha is off. */
  verify(response: string | undefined, remoteIp: string): Promise<void>;
}

export function createCaptchaVerifier(config: CaptchaConfig): CaptchaVerifier {
  if (config.provider === 'off') return { verify: async () => {} };
  return {
    verify: async (response, remoteIp) => {
      if (!response) throw new DomainError('captchaRequired', 'Captcha is required');
      const verdict = await siteverify(config.verifyUrl, {
        secret: config.secret,
        token: response,
        ip: remoteIp,
      });
      if (verdict !== 'passed') throw new DomainError('captchaInvalid', 'Captcha is invalid');
    },
  };
}
