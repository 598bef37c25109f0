import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/**
 * Solves the server's proof-of-work challenge in the browser (Web Crypto's PBKDF2, off the main
 * thread's JavaScript): the base64 payload the submit carries. Undefined when it took too long.
 */
export async function solveCaptcha(challenge: Challenge): Promise<string | undefined> {
  // Browsers give Web Crypto to https pages (and localhost) only.
  if (!globalThis.crypto?.subtle) throw new InsecurePageError();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  return solution ? btoa(JSON.stringify({ challenge, solution })) : undefined;
}

/** The page is not https: the browser keeps Web Crypto from it, so the captcha cannot be solved. */
export class InsecurePageError extends Error {
  constructor() {
    super('This form works on secure (https) pages only: open this page with https:// to sign up.');
    this.name = 'InsecurePageError';
  }
}
