import { dkimKeyRefused, UnverifiedDomainError } from '../../engine-error.ts';
import type { ContentSource } from '../rendering/render-worker.ts';
import { fromDomainOf } from '../sending-domains/from-domain.ts';
import type { SuppressionCheck } from '../suppression/suppression-store.ts';
import type { Environment, SendDeps } from './send-deps.ts';

/**
 * A production send of up to this many recipients is screened against the suppression list in the
 * transaction that writes it (one database turn instead of two, which halves a single send's wait);
 * a larger one before, so its rows are made outside the transaction, a slice at a time.
 */
const screenedInCommitRecipients = 1_000;

/**
 * The suppression check a send leaves to the transaction that writes it, or undefined when it is
 * screened beforehand (or not at all: skip_suppression, the sandbox).
 */
export function checkInCommit(
  send: { companyId: string; subaccountId: number; environment: Environment; transactional: boolean },
  addresses: readonly string[],
  skipSuppression: boolean,
): SuppressionCheck | undefined {
  if (skipSuppression || send.environment !== 'production' || addresses.length > screenedInCommitRecipients) {
    return undefined;
  }
  return {
    companyId: send.companyId,
    subaccountId: send.subaccountId,
    type: send.transactional ? 'transactional' : 'non_transactional',
    addresses: [...new Set(addresses.map((address) => address.toLowerCase()))],
  };
}

export interface Screening {
  /** Sandbox only: addresses that are not verified authorized recipients. */
  notAuthorized: Set<string>;
  suppressed: Set<string>;
}

/**
 * The policy decisions made before a message exists, for the API and the SMTP relay alike:
 * the sandbox sends only to verified authorized recipients, and suppressed addresses get no mail
 * unless the sender asked to skip the suppression list.
 */
export async function screenRecipients(
  deps: SendDeps,
  input: {
    companyId: string;
    subaccountId: number;
    environment: Environment;
    addresses: string[];
    transactional: boolean;
    skipSuppression: boolean;
  },
): Promise<Screening> {
  const lower = [...new Set(input.addresses.map((address) => address.toLowerCase()))];
  const [verified, suppressed] = await Promise.all([
    input.environment === 'sandbox' ? deps.verifiedRecipients(input.companyId, lower) : undefined,
    input.skipSuppression
      ? new Set<string>()
      : deps.suppressed(
          input.companyId,
          input.subaccountId,
          lower,
          input.transactional ? 'transactional' : 'non_transactional',
        ),
  ]);
  const notAuthorized = new Set(verified ? lower.filter((address) => !verified.has(address)) : []);
  return { notAuthorized, suppressed };
}

/**
 * A production send's From domain must be a verified sending domain of the account (SparkPost's
 * 7001); the sandbox is not checked. A From whose domain substitution decides is not known yet and
 * passes here.
 */
export async function screenFromDomain(
  deps: Pick<SendDeps, 'sendingDomainVerified'>,
  input: { companyId: string; subaccountId: number; environment: Environment; content: ContentSource },
): Promise<void> {
  if (input.environment !== 'production') return;
  const domain = fromDomainOf(input.content);
  if (
    domain === '' ||
    domain.includes('{{') ||
    !(await deps.sendingDomainVerified(input.companyId, input.subaccountId, domain))
  ) {
    throw new UnverifiedDomainError(domain);
  }
}

/**
 * options.dkim_key (also over SMTP) must name a key of the From domain whose record is verified, or
 * "default" once the domain's own is: else SparkPost's 400/1100, in its words.
 */
export async function screenDkimKey(
  deps: Pick<SendDeps, 'dkimKeyUse'>,
  input: { companyId: string; subaccountId: number; content: ContentSource; dkimKey: string | undefined },
): Promise<void> {
  const key = input.dkimKey;
  if (key === undefined) return;
  const domain = fromDomainOf(input.content);
  const use =
    domain === '' || domain.includes('{{')
      ? 'missing'
      : await deps.dkimKeyUse(input.companyId, input.subaccountId, domain, key);
  if (use === 'missing') throw dkimKeyRefused(`Invalid DKIM key ID '${key}' for sending domain '${domain}'`);
  if (use === 'unverified') {
    throw dkimKeyRefused(`DKIM key '${key}' is not verified for sending domain '${domain}'`);
  }
}
