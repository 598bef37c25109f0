import { createHmac, randomUUID } from 'node:crypto';
import { type Challenge, createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';

/**
 * How much work a visitor's browser does: PBKDF2 rounds per try, and how many tries (the counter is
 * drawn between the two bounds). A bot posting thousands of forms pays it for each.
 */
export interface CaptchaWork {
  cost: number;
  counter: { min: number; max: number };
}

/** A challenge is solved within this time, and its solution spent once. */
const challengeLifeMs = 10 * 60_000;

export type FormCaptcha = ReturnType<typeof createFormCaptcha>;

/** Forgets the spent solutions of expired challenges (housekeeping): those can no longer be submitted anyway. */
export const purgeSpentCaptchas = (db: Db, now: Date) =>
  db.query('DELETE FROM form_captcha_spent WHERE expires_at < $1', [now]);

/**
 * The self-hosted proof-of-work captcha (ALTCHA): the server signs a challenge bound to one form; the
 * visitor's browser finds the counter; the submission carries both. Verification checks signatures
 * only (the derived key is signed, so the server never redoes the work), and a solution counts once:
 * its challenge id is kept until the challenge expires, in the database, so every process agrees.
 */
export function createFormCaptcha(deps: { db: Db; clock: Clock; secret: string; work: CaptchaWork }) {
  const { db, clock, work } = deps;
  const hmacSignatureSecret = createHmac('sha256', deps.secret).update('form-captcha').digest('hex');
  const hmacKeySignatureSecret = createHmac('sha256', deps.secret).update('form-captcha-key').digest('hex');

  const spent = {
    async setIfAbsent(challengeId: string): Promise<boolean> {
      const now = clock.now();
      const rows = await db.query(
        `INSERT INTO form_captcha_spent (challenge_id, expires_at) VALUES ($1, $2)
         ON CONFLICT (challenge_id) DO NOTHING RETURNING 1`,
        [challengeId, new Date(now.getTime() + challengeLifeMs)],
      );
      return rows.length > 0;
    },
    get: async () => undefined,
    set: async () => undefined,
  };

  return {
    /** A new challenge for the form `formId`. */
    challenge(formId: string): Promise<Challenge> {
      return createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: work.cost,
        counter: randomInt(work.counter.max, work.counter.min),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        expiresAt: new Date(clock.now().getTime() + challengeLifeMs),
        data: { formId, challengeId: randomUUID() },
      });
    },

    /** Whether `payload` (base64 JSON of a challenge of this form and its solution) is a solution not used before. */
    async verify(formId: string, payload: string | undefined): Promise<boolean> {
      if (!payload) return false;
      const result = await verify(payload, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret, spent);
      const challenge = (result.payload as { challenge?: Challenge } | null)?.challenge;
      return result.error === null && challenge?.parameters.data?.formId === formId;
    },
  };
}
