import { setImmediate as nextTurn } from 'node:timers/promises';
import { isEmailAddress, type SparkpostRecipient } from '@app/contract/engine/index';

export interface RecipientError {
  message: string;
  description: string;
  code: string;
}

/** Lower-cases the domain part only: the local part of an address may be case-sensitive. */
export function normalizeAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? email.trim()
    : `${email.slice(0, at).trim()}@${email
        .slice(at + 1)
        .trim()
        .toLowerCase()}`;
}

/** Recipients checked between two turns of the event loop: a transmission may have 100,000s. */
const recipientsPerTurn = 2_000;

/**
 * Splits recipients into valid ones and SparkPost rcpt_to_errors for the rest, a slice at a time so
 * other requests are served in between.
 */
export async function checkRecipients(recipients: readonly SparkpostRecipient[]): Promise<{
  valid: SparkpostRecipient[];
  errors: RecipientError[];
}> {
  const valid: SparkpostRecipient[] = [];
  const errors: RecipientError[] = [];
  for (const [index, recipient] of recipients.entries()) {
    if (index > 0 && index % recipientsPerTurn === 0) await nextTurn();
    const email = recipient.address.email.trim();
    if (email === '') {
      errors.push({
        message: 'required field is missing',
        description: `address.email is required for each recipient (recipient ${index})`,
        code: '1400',
      });
      continue;
    }
    if (!isEmailAddress(email)) {
      errors.push({
        message: 'invalid data format/type',
        description: `recipient ${index}: '${email}' is not a valid email address`,
        code: '1300',
      });
      continue;
    }
    if (recipient.return_path !== undefined && !isEmailAddress(recipient.return_path)) {
      errors.push({
        message: 'invalid data format/type',
        description: `recipient ${index}: return_path '${recipient.return_path}' is not a valid email address`,
        code: '1300',
      });
      continue;
    }
    valid.push({ ...recipient, address: { ...recipient.address, email: normalizeAddress(email) } });
  }
  return { valid, errors };
}
