/**
 * The captcha providers' token check, which hCaptcha, Cloudflare Turnstile and reCAPTCHA share: a
 * form post of the secret key, the visitor's token and address, answered `{success: boolean, …}`.
 * Used by the console's sign-in (CAPTCHA_PROVIDER) and by forms with a provider of their own.
 */
export const siteverifyUrls = {
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
} as const;

export type SiteverifyProvider = keyof typeof siteverifyUrls;

/** A provider that does not answer within this time counts as not reached (the visitor may try again). */
const timeoutMs = 5000;

export type SiteverifyVerdict = 'passed' | 'failed' | 'unreachable';

export async function siteverify(
  url: string,
  check: { secret: string; token: string; ip: string },
): Promise<SiteverifyVerdict> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ secret: check.secret, response: check.token, remoteip: check.ip }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return 'unreachable';
    const answer = (await response.json()) as { success?: unknown };
    return answer.success === true ? 'passed' : 'failed';
  } catch {
    return 'unreachable';
  }
}
