import { isEmailAddress, type SparkpostRecipient, sparkpostRecipient } from '@app/contract/engine/index';

export interface RecipientError {
  message: string;
  description: string;
  code: string;
}

export interface CheckedRecipients {
  accepted: SparkpostRecipient[];
  rejected: number;
  /** The first `maxErrors` problems (all when not limited). */
  errors: RecipientError[];
}

const missing = (description: string): RecipientError => ({
  message: 'required field is missing',
  description,
  code: '1400',
});
const invalid = (description: string): RecipientError => ({
  message: 'invalid data format/type',
  description,
  code: '1300',
});

function problemOf(item: unknown, at: string): RecipientError | SparkpostRecipient {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return invalid(`${at} must be a recipient object`);
  }
  if (!('address' in item) || item.address === undefined || item.address === null) {
    return missing(`${at}.address is required`);
  }
  if (typeof item.address === 'object' && !('email' in item.address && item.address.email !== undefined)) {
    return missing(`${at}.address.email is required`);
  }
  const parsed = sparkpostRecipient.safeParse(item);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = [at, ...(issue?.path ?? []).map(String)].join('.');
    const message = issue?.message ?? 'invalid';
    return message.includes('received undefined')
      ? missing(`${field} is required`)
      : invalid(`${field}: ${message}`);
  }
  const recipient = parsed.data;
  const email = recipient.address.email.trim();
  if (!email) return missing(`${at}.address.email is required`);
  if (!isEmailAddress(email)) {
    return invalid(`${at}.address.email: ${JSON.stringify(email)} is not a valid email address`);
  }
  if (recipient.return_path !== undefined && !isEmailAddress(recipient.return_path)) {
    return invalid(
      `${at}.return_path: ${JSON.stringify(recipient.return_path)} is not a valid email address`,
    );
  }
  return { ...recipient, address: { ...recipient.address, email } };
}

/** Keeps the valid recipients (address normalized to an object) and reports the others. */
export function checkRecipients(
  items: readonly unknown[],
  maxErrors = Number.POSITIVE_INFINITY,
): CheckedRecipients {
  const accepted: SparkpostRecipient[] = [];
  const errors: RecipientError[] = [];
  let rejected = 0;
  items.forEach((item, index) => {
    const result = problemOf(item, `recipients[${index}]`);
    if ('address' in result) {
      accepted.push(result);
      return;
    }
    rejected += 1;
    if (errors.length < maxErrors) errors.push(result);
  });
  return { accepted, rejected, errors };
}
